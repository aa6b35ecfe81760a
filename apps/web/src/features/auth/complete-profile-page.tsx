import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { toast } from "@/ui/toast";
import { UserRoundCheck } from "lucide-react";
import { completeProfileRequest, MESSAGES, placeholderUsername, type Me } from "@p2p/shared";
import { Button } from "@/ui/button";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { AuthSubmitButton, PhoneField, UsernameField } from "./auth-fields";
import { allChecksValid } from "./field-check";
import { phoneRule, usernameRule } from "./field-rules";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { AuthHeading, AuthLayout } from "./auth-layout";
import { useCompleteProfileMutation, useSignOutMutation } from "./mutations";
import { useSession } from "./queries";
import { useFieldCheck } from "./use-field-check";

/** /complete-profile: username and phone number after a Google sign-in (spec §2). */
export default function CompleteProfilePage() {
  const { data: user } = useSession();
  // RequireAuth keeps signed-out visitors away; a finished profile has nothing to do here.
  if (!user || !user.needs_profile) return <Navigate to="/" replace />;
  return <CompleteProfileForm user={user} />;
}

function CompleteProfileForm({ user }: { user: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The auto-generated 'user_xxxxxxxx' is not a real username (spec §2): the person picks one.
  const ownUsername = user.username === placeholderUsername(user.id) ? null : user.username;

  const form = useForm({
    resolver: zodResolver(completeProfileRequest),
    defaultValues: { username: ownUsername ?? "", phone_number: user.phone_number ?? "" },
  });
  const { errors } = form.formState;
  const [username, phone] = useWatch({ control: form.control, name: ["username", "phone_number"] });

  const rules = useMemo(
    () => ({
      username: usernameRule({ takenMessage: MESSAGES.usernameTakenProfile, own: ownUsername }),
      phone: phoneRule({ takenMessage: MESSAGES.phoneTakenProfile, own: user.phone_number }),
    }),
    [ownUsername, user.phone_number],
  );
  const usernameCheck = useFieldCheck(username, rules.username);
  const phoneCheck = useFieldCheck(phone, rules.phone);
  const ready = allChecksValid([usernameCheck, phoneCheck]);

  const save = useCompleteProfileMutation();
  const signOut = useSignOutMutation();

  const onSubmit = form.handleSubmit((values) => {
    if (!allChecksValid([usernameCheck, phoneCheck])) return;
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t(MESSAGES.profileUpdatedTitle), { description: t(MESSAGES.profileUpdatedBody) });
        void navigate("/", { replace: true });
      },
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, ["username", "phone_number"]);
        toast.error(t(MESSAGES.errorTitle), {
          description: isApiError(err) && err.message ? translateServerText(err.message) : t(MESSAGES.profileUpdateFailed),
        });
      },
    });
  });

  const firstName = user.full_name.trim().split(/\s+/)[0];

  return (
    <AuthLayout>
      <AuthHeading
        icon={<UserRoundCheck aria-hidden />}
        title={t("Complete your profile")}
        description={
          firstName
            ? t("Welcome, {{name}}. Choose the username merchants will see and the phone number they can reach you on during a trade.", {
                name: firstName,
              })
            : t("Welcome. Choose the username merchants will see and the phone number they can reach you on during a trade.")
        }
      />

      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <UsernameField id="profile-username" registration={form.register("username")} error={errors.username?.message} check={usernameCheck} />

        <PhoneField id="profile-phone" registration={form.register("phone_number")} error={errors.phone_number?.message} check={phoneCheck} />

        <AuthSubmitButton pending={save.isPending} disabled={!ready}>
          {t("Save and Continue")}
        </AuthSubmitButton>
      </form>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Trans
          i18nKey="Signed in as <b>{{email}}</b>."
          values={{ email: user.email }}
          components={{ b: <span className="font-medium text-foreground" /> }}
        />{" "}
        <Button type="button" variant="link" className="h-auto p-0" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t("Not you? Sign out")}
        </Button>
      </p>
    </AuthLayout>
  );
}
