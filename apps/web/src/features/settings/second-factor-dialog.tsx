import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { z } from "zod";
import { MESSAGES, PASSWORD_MAX, SECURITY_MESSAGES, twoFactorCodeSchema } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { toast } from "@/ui/toast";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { FormField } from "@/features/auth/form-field";
import { PasswordInput } from "@/features/auth/password-input";

export type SecondFactorAnswer = { password?: string; code: string };

/** The password is asked only of accounts that have one. */
function formSchema(withPassword: boolean) {
  return z.object({
    password: withPassword ? z.string().min(1, SECURITY_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX) : z.string(),
    code: twoFactorCodeSchema,
  });
}

type SecondFactorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Field ids' prefix, unique on the page. */
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  /** Whether the password is asked too (accounts that have one). */
  withPassword: boolean;
  /** The change cannot be made (the description says why): no fields, only Cancel. */
  blocked?: boolean;
  pending: boolean;
  /** Sends the answer; resolves when done (the dialog closes), rejects with the API's error. */
  onConfirm: (answer: SecondFactorAnswer) => Promise<unknown>;
};

/** A change to two-factor, confirmed with the password (when the account has one) and a current or recovery code. */
export function SecondFactorDialog(props: SecondFactorDialogProps) {
  const { open, onOpenChange, id, title, description, submitLabel, destructive, withPassword, blocked, pending, onConfirm } = props;
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(formSchema(withPassword)), defaultValues: { password: "", code: "" } });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(({ password, code }) =>
    onConfirm({ ...(withPassword ? { password } : {}), code }).then(
      () => close(false),
      (err: Error) => {
        if (isApiError(err, "WRONG_PASSWORD") || isApiError(err, "INVALID_TWO_FACTOR_CODE"))
          applyServerFieldErrors(err, form.setError, ["password", "code"]);
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
          {withPassword && !blocked && (
            <FormField id={`${id}-password`} label={t("Password")} error={errors.password?.message}>
              {(control) => <PasswordInput {...control} {...form.register("password")} autoComplete="current-password" />}
            </FormField>
          )}
          {!blocked && (
            <FormField id={`${id}-code`} label={t("Code from the app")} error={errors.code?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("code")}
                  autoComplete="one-time-code"
                  maxLength={32}
                  placeholder="123456"
                  className="font-mono"
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("Cancel")}
            </Button>
            {!blocked && (
              <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                {submitLabel}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
