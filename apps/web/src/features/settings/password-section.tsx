import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { toast } from "@/ui/toast";
import { AlertCircle, KeyRound, Loader2 } from "lucide-react";
import { z } from "zod";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN, passwordSchema, SECURITY_MESSAGES } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { FormField } from "@/features/auth/form-field";
import { PasswordInput } from "@/features/auth/password-input";
import { useChangePasswordMutation } from "@/features/auth/mutations";
import { useSecurityStatus } from "@/features/auth/queries";

/** The form's rules: the sign-up form's password rules, the confirmation matching, the current one when there is one. */
function formSchema(hasPassword: boolean) {
  return z
    .object({
      current_password: hasPassword ? z.string().min(1, SECURITY_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX) : z.string().optional(),
      new_password: passwordSchema,
      confirm_password: z.string(),
    })
    .refine((v) => v.new_password === v.confirm_password, {
      path: ["confirm_password"],
      message: SECURITY_MESSAGES.passwordsDoNotMatch,
    });
}
type FormValues = z.infer<ReturnType<typeof formSchema>>;

/** Change the password (current + new + confirm), or set a first one on a Google-only account. */
export function PasswordSection() {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          {t("Password")}
        </CardTitle>
        <CardDescription>
          {status.data && !status.data.has_password
            ? t("You sign in with Google. Set a password to sign in with your email too.")
            : t("Changing it signs out every other device and pauses withdrawals for 24 hours.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-48 w-full" aria-label={t("Loading password settings")} />
        ) : status.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {t("We couldn't load your security settings.")}
            </p>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
              {t("Try again")}
            </Button>
          </div>
        ) : (
          <PasswordForm key={String(status.data.has_password)} hasPassword={status.data.has_password} />
        )}
      </CardContent>
    </Card>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(hasPassword)),
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
  });
  const { errors } = form.formState;
  const change = useChangePasswordMutation();

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      hasPassword ? { current_password: values.current_password, new_password: values.new_password } : { new_password: values.new_password },
      {
        onSuccess: ({ message }) => {
          form.reset();
          toast.success(hasPassword ? t("Password changed") : t("Password set"), { description: translateServerText(message) });
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, ["current_password", "new_password"]);
          toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-5">
      {hasPassword && (
        <FormField id="current-password" label={t("Current password")} error={errors.current_password?.message}>
          {(control) => <PasswordInput {...control} {...form.register("current_password")} autoComplete="current-password" />}
        </FormField>
      )}
      <FormField
        id="new-password"
        label={t("New password")}
        error={errors.new_password?.message}
        hint={t("At least {{min}} characters. A long phrase is easier to remember and harder to guess.", { min: PASSWORD_MIN })}
      >
        {(control) => <PasswordInput {...control} {...form.register("new_password")} autoComplete="new-password" />}
      </FormField>
      <FormField id="confirm-password" label={t("Confirm new password")} error={errors.confirm_password?.message}>
        {(control) => <PasswordInput {...control} {...form.register("confirm_password")} autoComplete="new-password" />}
      </FormField>
      <Button
        type="submit"
        disabled={change.isPending}
        className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full sm:w-auto sm:justify-self-start"
      >
        {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {hasPassword ? t("Change password") : t("Set password")}
      </Button>
    </form>
  );
}
