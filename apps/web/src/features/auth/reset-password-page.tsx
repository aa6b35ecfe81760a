import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { toast } from "@/ui/toast";
import { KeyRound, Link2Off, Loader2 } from "lucide-react";
import { MESSAGES, msg, PASSWORD_MIN, passwordSchema, SECURITY_MESSAGES } from "@p2p/shared";
import { Button } from "@/ui/button";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { AuthHeading, AuthLayout } from "./auth-layout";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { FormField } from "./form-field";
import { useResetPasswordMutation } from "./mutations";
import { PasswordInput } from "./password-input";

type ResetValues = { password: string; confirm: string };

/** /reset-password?token=…: where the password reset email lands (spec §7). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [rejected, setRejected] = useState(false);

  return <AuthLayout>{!token || rejected ? <InvalidLink /> : <ResetForm token={token} onRejected={() => setRejected(true)} />}</AuthLayout>;
}

function ResetForm({ token, onRejected }: { token: string; onRejected: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const form = useForm<ResetValues>({ defaultValues: { password: "", confirm: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          toast.success(t("Password updated"), { description: translateServerText(message) });
          void navigate("/auth", { replace: true });
        },
        onError: (err) => {
          if (isApiError(err, "INVALID_TOKEN")) {
            onRejected();
            return;
          }
          applyServerFieldErrors(err, form.setError, ["password"]);
          toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
        },
      },
    );
  });

  return (
    <>
      <AuthHeading
        icon={<KeyRound aria-hidden />}
        title={t("Set a new password")}
        description={t("Choose a password you have not used here before. Every device signed in to your account will be signed out.")}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField
          id="reset-password"
          label={t("New Password")}
          error={errors.password?.message}
          hint={t("At least {{min}} characters.", { min: PASSWORD_MIN })}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register("password", {
                validate: (value) => {
                  const parsed = passwordSchema.safeParse(value);
                  return parsed.success || (parsed.error.issues[0]?.message ?? msg("Choose another password"));
                },
              })}
              autoComplete="new-password"
              autoFocus
              data-autofocus
            />
          )}
        </FormField>

        <FormField id="reset-confirm" label={t("Confirm Password")} error={errors.confirm?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register("confirm", {
                validate: (value, values) => value === values.password || SECURITY_MESSAGES.passwordsDoNotMatch,
              })}
              autoComplete="new-password"
            />
          )}
        </FormField>

        <Button type="submit" size="lg" className="mt-1 w-full" disabled={reset.isPending}>
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t("Update Password")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t("Remembered it?")}{" "}
        <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("Back to sign in")}
        </Link>
      </p>
    </>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <Link2Off className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("This reset link does not work")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        <Trans
          i18nKey="It may have expired or been used already. Reset links work once. Ask for a new one from the sign-in page: enter your email and choose <b>Forgot password?</b>"
          components={{ b: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <Button asChild size="lg" className="mt-6 w-full">
        <Link to="/auth">{t("Request a new link")}</Link>
      </Button>
    </div>
  );
}
