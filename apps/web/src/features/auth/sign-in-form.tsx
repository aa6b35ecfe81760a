import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Loader2, MailWarning } from "lucide-react";
import { MESSAGES, signInRequest } from "@p2p/shared";
import { Button } from "@/ui/button";
import { isApiError } from "@/lib/api";
import { AuthSubmitButton, EmailField, PasswordField } from "./auth-fields";
import { AuthNotice } from "./auth-notice";
import { applyServerFieldErrors } from "./form-errors";
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
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    resolver: zodResolver(signInRequest),
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
  const confirmationEmail = unconfirmed ?? awaitingConfirmation;

  const resendConfirmation = (address: string) =>
    resend.mutate(address, {
      onSuccess: ({ message }) => toast.success("Confirmation email sent", { description: message }),
      onError: (err) => toast.error(MESSAGES.errorTitle, { description: err.message }),
    });

  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: ({ user, two_factor }) => {
        setUnconfirmed(null);
        if (user) void navigate(afterSignInPath(user, location.state), { replace: true });
        else if (two_factor) onTwoFactor(two_factor.challenge_token);
      },
      onError: (err) => {
        if (isApiError(err, "EMAIL_NOT_CONFIRMED")) {
          setUnconfirmed(values.email);
          toast.error(MESSAGES.signInErrorTitle, {
            description: err.message,
            action: { label: "Resend confirmation email", onClick: () => resendConfirmation(values.email) },
          });
          return;
        }
        applyServerFieldErrors(err, form.setError, ["email", "password"]);
        toast.error(MESSAGES.signInErrorTitle, { description: err.message });
      },
    });
  });

  const onForgotPassword = () => {
    const address = form.getValues("email").trim();
    if (!address) {
      toast.error(MESSAGES.forgotEmptyTitle, { description: MESSAGES.forgotEmptyBody });
      form.setFocus("email");
      return;
    }
    forgot.mutate(address, {
      onSuccess: () => toast.success(MESSAGES.resetSentTitle, { description: MESSAGES.resetSentBody }),
      onError: (err) => toast.error(MESSAGES.errorTitle, { description: err.message }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {confirmationEmail && (
        <AuthNotice
          icon={<MailWarning aria-hidden />}
          tone={unconfirmed ? "warning" : "info"}
          title={unconfirmed ? "Confirm your email to sign in" : "Check your inbox"}
        >
          <p>
            We sent a confirmation link to <span className="font-medium text-foreground">{confirmationEmail}</span>.
            Open it, then sign in here.
          </p>
          <Button
            type="button"
            variant="link"
            className="mt-1 h-auto p-0"
            disabled={resend.isPending}
            onClick={() => resendConfirmation(confirmationEmail)}
          >
            {resend.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Resend confirmation email
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
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 text-[0.8125rem]"
            disabled={forgot.isPending}
            onClick={onForgotPassword}
          >
            {forgot.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Forgot password?
          </Button>
        }
      />

      <AuthSubmitButton pending={signIn.isPending}>Sign In</AuthSubmitButton>
    </form>
  );
}
