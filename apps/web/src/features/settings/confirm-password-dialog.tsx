import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { z } from "zod";
import { MESSAGES, PASSWORD_MAX, type RevokeSessionRequest } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { toast } from "@/ui/toast";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { CurrentPasswordField } from "./current-password-field";

/** Empty is allowed: the server needs no password within 5 minutes of signing in, and says so on the field otherwise. */
const formSchema = z.object({ password: z.string().max(PASSWORD_MAX) });
type FormValues = z.infer<typeof formSchema>;

type ConfirmPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The password field's id, unique on the page. */
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  /** Whether the password is asked (accounts that have one). */
  withPassword: boolean;
  pending: boolean;
  /** Sends the answer; resolves when done (the dialog closes), rejects with the API's error. */
  onConfirm: (body: RevokeSessionRequest) => Promise<unknown>;
};

/** A security change confirmed with the current password (signing out one device, or all the others); the server's errors show on the field. */
export function ConfirmPasswordDialog(props: ConfirmPasswordDialogProps) {
  const { open, onOpenChange, id, title, description, submitLabel, withPassword, pending, onConfirm } = props;
  const { t } = useTranslation();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: "" } });

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(({ password }) =>
    onConfirm(withPassword && password ? { password } : {}).then(
      () => close(false),
      (err: Error) => {
        // WRONG_PASSWORD and VALIDATION_FAILED name the field; anything else (no password and no recent sign-in, a lost session) is a toast.
        if (isApiError(err) && err.fields?.password) applyServerFieldErrors(err, form.setError, ["password"]);
        else toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {withPassword && (
            <Controller
              control={form.control}
              name="password"
              render={({ field, fieldState }) => (
                <CurrentPasswordField id={id} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("Cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
