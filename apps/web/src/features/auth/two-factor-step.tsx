import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "@/ui/toast";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { MESSAGES, SECURITY_MESSAGES, twoFactorCodeSchema } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { AuthSubmitButton } from "./auth-fields";
import { AuthHeading } from "./auth-layout";
import { FormField } from "./form-field";
import { useTwoFactorSignInMutation } from "./mutations";
import { afterSignInPath } from "./navigation";

type TwoFactorStepProps = {
  /** From the password step; absent after Google, whose challenge waits in an HttpOnly cookie. */
  challengeToken?: string;
  onBack: () => void;
};

/** The second step of a sign-in for an account with two-factor on: a code from the app, or a recovery code. */
export function TwoFactorStep({ challengeToken, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const verify = useTwoFactorSignInMutation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SECURITY_MESSAGES.codeInvalid);
      input.current?.focus();
      return;
    }
    setError(undefined);
    verify.mutate(
      { challenge_token: challengeToken, code: parsed.data },
      {
        onSuccess: ({ user }) => {
          if (user) void navigate(afterSignInPath(user, location.state), { replace: true });
        },
        onError: (err) => {
          if (isApiError(err, "INVALID_TWO_FACTOR_CODE")) {
            setError(err.message);
            setCode("");
            input.current?.focus();
            return;
          }
          toast.error(t(MESSAGES.signInErrorTitle), { description: translateServerText(err.message) });
          if (isApiError(err, "INVALID_TOKEN") || isApiError(err, "TOO_MANY_FAILED_SIGN_INS") || isApiError(err, "TOO_MANY_WRONG_CODES")) onBack();
        },
      },
    );
  };

  return (
    <div>
      <AuthHeading
        icon={<ShieldCheck aria-hidden />}
        title={t("Two-factor authentication")}
        description={t("Enter the 6-digit code from your authenticator app to finish signing in.")}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField
          id="two-factor-code"
          label={t("Authentication code")}
          error={error}
          hint={t("Lost your phone? Enter one of your recovery codes instead.")}
        >
          {(control) => (
            <Input
              {...control}
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              placeholder="123456"
              className="h-12 text-center font-mono text-lg tracking-[0.3em]"
            />
          )}
        </FormField>
        <AuthSubmitButton pending={verify.isPending}>{t("Verify")}</AuthSubmitButton>
        <Button type="button" variant="ghost" className="justify-self-center" onClick={onBack}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t("Back to sign in")}
        </Button>
      </form>
    </div>
  );
}
