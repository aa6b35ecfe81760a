import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { preloadAuthResolvers, signUpResolver } from "./lazy-auth-resolvers";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { toast } from "@/ui/toast";
import { MESSAGES, PASSWORD_MIN } from "@p2p/shared";
import { Input } from "@/ui/input";
import { translateServerText } from "@/i18n/server-text";
import { AuthSubmitButton, EmailField, PasswordField, PhoneField, UsernameField } from "./auth-fields";
import { hasBlockingCheck } from "./field-check";
import { emailRule, phoneRule, usernameRule } from "./field-rules";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { FormField } from "./form-field";
import { useSignUpMutation } from "./mutations";
import { useFieldCheck } from "./use-field-check";

const USERNAME_RULE = usernameRule({ takenMessage: MESSAGES.usernameTakenSignUp });
const PHONE_RULE = phoneRule({ takenMessage: MESSAGES.phoneTakenSignUp });
const FIELDS = ["full_name", "username", "phone_number", "email", "password", "referral_code"] as const;

type SignUpFormProps = {
  defaultEmail: string;
  /** From an invite link's `?ref=`. */
  referralCode: string;
  onEmailChange: (email: string) => void;
  onSignedUp: (email: string) => void;
};

export function SignUpForm({ defaultEmail, referralCode, onEmailChange, onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: signUpResolver,
    defaultValues: {
      full_name: "",
      username: "",
      phone_number: "",
      email: defaultEmail,
      password: "",
      referral_code: referralCode,
    },
  });
  const { errors } = form.formState;
  const [username, phone, email] = useWatch({ control: form.control, name: ["username", "phone_number", "email"] });
  useEffect(() => {
    onEmailChange(email);
  }, [email, onEmailChange]);

  const usernameCheck = useFieldCheck(username, USERNAME_RULE);
  const phoneCheck = useFieldCheck(phone, PHONE_RULE);
  const emailCheck = useFieldCheck(email, emailRule);

  const signUp = useSignUpMutation();

  /** Spec §5: nothing is sent while a live check says no or has not answered yet. */
  const refuseWhileChecksBlock = () => {
    if (!hasBlockingCheck([usernameCheck, phoneCheck, emailCheck])) return false;
    toast.error(t(MESSAGES.validationErrorTitle), { description: t(MESSAGES.validationErrorBody) });
    return true;
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (refuseWhileChecksBlock()) return;
      signUp.mutate(values, {
        onSuccess: () => {
          toast.success(t(MESSAGES.signUpSuccessTitle), { description: t(MESSAGES.signUpSuccessBody) });
          onSignedUp(values.email);
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, FIELDS);
          toast.error(t(MESSAGES.signUpErrorTitle), { description: translateServerText(err.message) });
        },
      });
    },
    () => {
      refuseWhileChecksBlock();
    },
  );

  return (
    <form onSubmit={onSubmit} onFocus={() => void preloadAuthResolvers()} noValidate className="grid gap-5">
      <FormField id="sign-up-full-name" label={t("Full Name")} error={errors.full_name?.message}>
        {(control) => <Input {...control} {...form.register("full_name")} autoComplete="name" placeholder={t("e.g. Adaeze Okafor")} />}
      </FormField>

      <UsernameField id="sign-up-username" registration={form.register("username")} error={errors.username?.message} check={usernameCheck} />

      <PhoneField id="sign-up-phone" registration={form.register("phone_number")} error={errors.phone_number?.message} check={phoneCheck} />

      <EmailField id="sign-up-email" registration={form.register("email")} error={errors.email?.message} check={emailCheck} />

      <PasswordField
        id="sign-up-password"
        registration={form.register("password")}
        error={errors.password?.message}
        autoComplete="new-password"
        hint={t("At least {{min}} characters. A long phrase is easier to remember and harder to guess.", { min: PASSWORD_MIN })}
      />

      <FormField
        id="sign-up-referral"
        label={
          <Trans i18nKey="Referral Code <muted>(optional)</muted>" components={{ muted: <span className="font-normal text-muted-foreground" /> }} />
        }
        error={errors.referral_code?.message}
        hint={referralCode ? t("Added from your invite link.") : undefined}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("referral_code")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="REF1A2B3C4D" // i18n-ignore: a code's shape, the same in every language
            className="uppercase placeholder:normal-case"
          />
        )}
      </FormField>

      <AuthSubmitButton pending={signUp.isPending}>{t("Create Account")}</AuthSubmitButton>

      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        <Trans
          i18nKey="By creating an account you agree to our <terms>Terms & Agreements</terms> and <privacy>Privacy Policy</privacy>."
          components={{
            terms: <Link to="/terms" className="font-medium text-foreground underline-offset-4 hover:underline" />,
            privacy: <Link to="/privacy" className="font-medium text-foreground underline-offset-4 hover:underline" />,
          }}
        />
      </p>
    </form>
  );
}
