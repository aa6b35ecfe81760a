import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { preloadAuthResolvers, twoFactorResolver } from "./lazy-auth-resolvers";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { toast } from "@/ui/toast";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { MESSAGES } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors } from "@/lib/form-errors";
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
  const form = useForm({ resolver: twoFactorResolver, defaultValues: { code: "" } });
  const { errors } = form.formState;
  useEffect(() => form.setFocus("code"), [form]);

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate(
      { challenge_token: challengeToken, code },
      {
        onSuccess: ({ user }) => {
          if (user) void navigate(afterSignInPath(user, location.state), { replace: true });
        },
        onError: (err) => {
          if (isApiError(err, "INVALID_TWO_FACTOR_CODE")) {
            form.setValue("code", "");
            applyServerFieldErrors(err, form.setError, ["code"]);
            form.setFocus("code");
            return;
          }
          toast.error(t(MESSAGES.signInErrorTitle), { description: translateServerText(err.message) });
          if (isApiError(err, "INVALID_TOKEN") || isApiError(err, "TOO_MANY_FAILED_SIGN_INS") || isApiError(err, "TOO_MANY_WRONG_CODES")) onBack();
        },
      },
    );
  });

  return (
    <div>
      <AuthHeading
        icon={<ShieldCheck aria-hidden />}
        title={t("Two-factor authentication")}
        description={t("Enter the 6-digit code from your authenticator app to finish signing in.")}
      />
      <form onSubmit={onSubmit} onFocus={() => void preloadAuthResolvers()} noValidate className="grid gap-5">
        <FormField
          id="two-factor-code"
          label={t("Authentication code")}
          error={errors.code?.message}
          hint={t("Lost your phone? Enter one of your recovery codes instead.")}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("code")}
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
