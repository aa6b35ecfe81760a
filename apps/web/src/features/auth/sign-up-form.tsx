import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { toast } from "sonner";
import { MESSAGES, PASSWORD_MIN, signUpRequest } from "@p2p/shared";
import { Input } from "@/ui/input";
import { AuthSubmitButton, EmailField, PasswordField, PhoneField, UsernameField } from "./auth-fields";
import { hasBlockingCheck } from "./field-check";
import { emailRule, phoneRule, usernameRule } from "./field-rules";
import { applyServerFieldErrors } from "./form-errors";
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
  const form = useForm({
    resolver: zodResolver(signUpRequest),
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
    toast.error(MESSAGES.validationErrorTitle, { description: MESSAGES.validationErrorBody });
    return true;
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (refuseWhileChecksBlock()) return;
      signUp.mutate(values, {
        onSuccess: () => {
          toast.success(MESSAGES.signUpSuccessTitle, { description: MESSAGES.signUpSuccessBody });
          onSignedUp(values.email);
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, FIELDS);
          toast.error(MESSAGES.signUpErrorTitle, { description: err.message });
        },
      });
    },
    () => {
      refuseWhileChecksBlock();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField id="sign-up-full-name" label="Full Name" error={errors.full_name?.message}>
        {(control) => (
          <Input {...control} {...form.register("full_name")} autoComplete="name" placeholder="e.g. Adaeze Okafor" />
        )}
      </FormField>

      <UsernameField id="sign-up-username" registration={form.register("username")} error={errors.username?.message} check={usernameCheck} />

      <PhoneField id="sign-up-phone" registration={form.register("phone_number")} error={errors.phone_number?.message} check={phoneCheck} />

      <EmailField id="sign-up-email" registration={form.register("email")} error={errors.email?.message} check={emailCheck} />

      <PasswordField
        id="sign-up-password"
        registration={form.register("password")}
        error={errors.password?.message}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters. A long phrase is easier to remember and harder to guess.`}
      />

      <FormField
        id="sign-up-referral"
        label={
          <>
            Referral Code <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={errors.referral_code?.message}
        hint={referralCode ? "Added from your invite link." : undefined}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("referral_code")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="REF1A2B3C4D"
            className="uppercase placeholder:normal-case"
          />
        )}
      </FormField>

      <AuthSubmitButton pending={signUp.isPending}>Create Account</AuthSubmitButton>

      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        By creating an account you agree to our{" "}
        <Link to="/terms" className="font-medium text-foreground underline-offset-4 hover:underline">
          Terms &amp; Agreements
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="font-medium text-foreground underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
