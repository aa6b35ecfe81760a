import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { preloadAuthResolvers, signInResolver } from "./lazy-auth-resolvers";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { toast } from "@/ui/toast";
import { Loader2, MailCheck, MailWarning } from "lucide-react";
import { AUTH_MESSAGES, MESSAGES } from "@p2p/shared";
import { Button } from "@/ui/button";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { AuthSubmitButton, EmailField, PasswordField } from "./auth-fields";
import { AuthNotice } from "./auth-notice";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useForgotPasswordMutation, useResendConfirmationMutation, useSignInMutation } from "./mutations";
import { afterSignInPath } from "./navigation";

type SignInFormProps = {
  defaultEmail: string;
  onEmailChange: (email: string) => void;
  /** Just signed up with this address: remind them to confirm it. */
  awaitingConfirmation: string | null;
  /** The password was right and two-factor is on: ask for the code with this challenge. */
  onTwoFactor: (challengeToken: string) => void;
};

export function SignInForm({ defaultEmail, onEmailChange, awaitingConfirmation, onTwoFactor }: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    resolver: signInResolver,
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: "email" });
  useEffect(() => {
    onEmailChange(email);
  }, [email, onEmailChange]);

  const signIn = useSignInMutation();
  const forgot = useForgotPasswordMutation();
  const resend = useResendConfirmationMutation();
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // Too many wrong passwords were tried on the account: the right one gets a mailed link, not a session.
  const [linkSent, setLinkSent] = useState(false);
  const confirmationEmail = unconfirmed ?? awaitingConfirmation;

  const resendConfirmation = (address: string) =>
    resend.mutate(address, {
      onSuccess: ({ message }) => toast.success(t("Confirmation email sent"), { description: translateServerText(message) }),
      onError: (err) => toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) }),
    });

  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: ({ user, two_factor, sign_in_link_sent }) => {
        setUnconfirmed(null);
        setLinkSent(Boolean(sign_in_link_sent));
        if (user) void navigate(afterSignInPath(user, location.state), { replace: true });
        else if (two_factor) onTwoFactor(two_factor.challenge_token);
      },
      onError: (err) => {
        setLinkSent(false);
        if (isApiError(err, "EMAIL_NOT_CONFIRMED")) {
          setUnconfirmed(values.email);
          toast.error(t(MESSAGES.signInErrorTitle), {
            description: translateServerText(err.message),
            action: { label: t("Resend confirmation email"), onClick: () => resendConfirmation(values.email) },
          });
          return;
        }
        applyServerFieldErrors(err, form.setError, ["email", "password"]);
        toast.error(t(MESSAGES.signInErrorTitle), { description: translateServerText(err.message) });
      },
    });
  });

  const onForgotPassword = () => {
    const address = form.getValues("email").trim();
    if (!address) {
      toast.error(t(MESSAGES.forgotEmptyTitle), { description: t(MESSAGES.forgotEmptyBody) });
      form.setFocus("email");
      return;
    }
    forgot.mutate(address, {
      onSuccess: () => toast.success(t(MESSAGES.resetSentTitle), { description: t(MESSAGES.resetSentBody) }),
      onError: (err) => toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) }),
    });
  };

  return (
    <form onSubmit={onSubmit} onFocus={() => void preloadAuthResolvers()} noValidate className="grid gap-5">
      {linkSent && (
        <AuthNotice icon={<MailCheck aria-hidden />} title={t("Check your email to finish signing in")}>
          <p>{t(AUTH_MESSAGES.signInLinkSent)}</p>
        </AuthNotice>
      )}
      {confirmationEmail && (
        <AuthNotice
          icon={<MailWarning aria-hidden />}
          tone={unconfirmed ? "warning" : "info"}
          title={unconfirmed ? t("Confirm your email to sign in") : t("Check your inbox")}
        >
          <p>
            <Trans
              i18nKey="We sent a confirmation link to <b>{{email}}</b>. Open it, then sign in here."
              values={{ email: confirmationEmail }}
              components={{ b: <span className="font-medium text-foreground" /> }}
            />
          </p>
          <Button
            type="button"
            variant="link"
            className="mt-1 h-auto p-0"
            disabled={resend.isPending}
            onClick={() => resendConfirmation(confirmationEmail)}
          >
            {resend.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {t("Resend confirmation email")}
          </Button>
        </AuthNotice>
      )}

      <EmailField id="sign-in-email" registration={form.register("email")} error={errors.email?.message} />

      <PasswordField
        id="sign-in-password"
        registration={form.register("password")}
        error={errors.password?.message}
        autoComplete="current-password"
        aside={
          <Button type="button" variant="link" className="h-auto p-0 text-[0.8125rem]" disabled={forgot.isPending} onClick={onForgotPassword}>
            {forgot.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {t("Forgot password?")}
          </Button>
        }
      />

      <AuthSubmitButton pending={signIn.isPending}>{t("Sign In")}</AuthSubmitButton>
    </form>
  );
}
