import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { toast } from "sonner";
import { Loader2 } from "lucide-react";
import { MESSAGES, PASSWORD_MIN, signUpRequest } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { hasBlockingCheck } from "./field-check";
import { emailRule, phoneRule, usernameRule } from "./field-rules";
import { applyServerFieldErrors } from "./form-errors";
import { FormField } from "./form-field";
import { useSignUpMutation } from "./mutations";
import { PasswordInput } from "./password-input";
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

      <FormField id="sign-up-username" label="Username" error={errors.username?.message} check={usernameCheck}>
        {(control) => (
          <Input
            {...control}
            {...form.register("username")}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="e.g. ada_trades"
          />
        )}
      </FormField>

      <FormField id="sign-up-phone" label="Phone Number" error={errors.phone_number?.message} check={phoneCheck}>
        {(control) => (
          <Input
            {...control}
            {...form.register("phone_number")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0803 123 4567"
          />
        )}
      </FormField>

      <FormField id="sign-up-email" label="Email" error={errors.email?.message} check={emailCheck}>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
          />
        )}
      </FormField>

      <FormField
        id="sign-up-password"
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN} characters. A long phrase is easier to remember and harder to guess.`}
      >
        {(control) => <PasswordInput {...control} {...form.register("password")} autoComplete="new-password" />}
      </FormField>

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

      <Button type="submit" size="lg" className="mt-1 w-full" disabled={signUp.isPending}>
        {signUp.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Create Account
      </Button>

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
