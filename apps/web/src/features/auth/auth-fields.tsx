import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import type { FieldCheckState } from "./field-check";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";

type AuthFieldProps = {
  id: string;
  /** `form.register(name)` for the field. */
  registration: UseFormRegisterReturn;
  error?: string;
  /** The live availability check, when the form runs one. */
  check?: FieldCheckState;
};

export function UsernameField({ id, registration, error, check }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t("Username")} error={error} check={check}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t("e.g. ada_trades")}
        />
      )}
    </FormField>
  );
}

export function PhoneField({ id, registration, error, check }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t("Phone Number")} error={error} check={check}>
      {(control) => <Input {...control} {...registration} type="tel" inputMode="tel" autoComplete="tel" placeholder="0803 123 4567" />}
    </FormField>
  );
}

export function EmailField({ id, registration, error, check }: AuthFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t("Email")} error={error} check={check}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("you@example.com")}
        />
      )}
    </FormField>
  );
}

export function PasswordField({
  id,
  registration,
  error,
  autoComplete,
  hint,
  aside,
}: Omit<AuthFieldProps, "check"> & { autoComplete: "new-password" | "current-password"; hint?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t("Password")} error={error} hint={hint} aside={aside}>
      {(control) => <PasswordInput {...control} {...registration} autoComplete={autoComplete} />}
    </FormField>
  );
}

/** The full-width submit button of an auth form, with a spinner while it is sending. */
export function AuthSubmitButton({ pending, disabled, children }: { pending: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="mt-1 w-full" disabled={disabled || pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}
