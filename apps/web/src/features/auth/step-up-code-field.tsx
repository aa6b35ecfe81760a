import { useTranslation } from "@/i18n/use-translation";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { translateServerText } from "@/i18n/server-text";

/**
 * The authenticator code a money-moving step asks for when two-factor is on (DESIGN §6): a
 * release from escrow, a withdrawal. Six digits, or a recovery code.
 */
export function StepUpCodeField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      label={t("Authenticator code")}
      error={error && translateServerText(error)}
      hint={t("Two-factor is on: enter the 6-digit code from your authenticator app, or a recovery code.")}
    >
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={32}
          placeholder="123456"
          className="font-mono tracking-widest"
        />
      )}
    </Field>
  );
}

/** Whether what was typed is worth sending: six digits, or a ten-character recovery code. */
export const stepUpCodeReady = (code: string) => {
  const normalized = code.replace(/[\s-]/g, "");
  return /^[0-9]{6}$/.test(normalized) || /^[A-Za-z2-7]{10}$/.test(normalized);
};
