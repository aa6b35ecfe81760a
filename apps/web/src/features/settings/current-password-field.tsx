import { useTranslation } from "@/i18n/use-translation";
import { FormField } from "@/features/auth/form-field";
import { PasswordInput } from "@/features/auth/password-input";

/** The current password a security change asks for; not needed within 5 minutes of signing in. */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t("Current password")} error={error} hint={t("Not needed if you signed in within the last 5 minutes.")}>
      {(control) => <PasswordInput {...control} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="current-password" />}
    </FormField>
  );
}
