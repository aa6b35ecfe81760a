import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { MESSAGES, SECURITY_MESSAGES, twoFactorCodeSchema } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { toast } from "@/ui/toast";
import { FormField } from "@/features/auth/form-field";
import { PasswordInput } from "@/features/auth/password-input";

export type SecondFactorAnswer = { password?: string; code: string };
type Errors = { password?: string; code?: string };

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
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const close = (next: boolean) => {
    if (!next) {
      setPassword("");
      setCode("");
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsedCode = twoFactorCodeSchema.safeParse(code);
    const next: Errors = {
      password: !withPassword || password ? undefined : SECURITY_MESSAGES.currentPasswordRequired,
      code: parsedCode.success ? undefined : parsedCode.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.password || next.code || !parsedCode.success) return;
    onConfirm({ ...(withPassword ? { password } : {}), code: parsedCode.data }).then(
      () => close(false),
      (err: Error) => {
        if (isApiError(err, "WRONG_PASSWORD")) setErrors({ password: err.message });
        else if (isApiError(err, "INVALID_TWO_FACTOR_CODE")) setErrors({ code: err.message });
        else toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {withPassword && !blocked && (
            <FormField id={`${id}-password`} label={t("Password")} error={errors.password}>
              {(control) => (
                <PasswordInput {...control} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
              )}
            </FormField>
          )}
          {!blocked && (
            <FormField id={`${id}-code`} label={t("Code from the app")} error={errors.code}>
              {(control) => (
                <Input
                  {...control}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
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
