import { lazy, Suspense, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { LogOut } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { AuthHeading, AuthLayout } from "./auth-layout";
import { GoogleButton } from "./google-button";
import { SignInForm } from "./sign-in-form";
import { useAuthErrorNotice, useConfirmedNotice } from "./url-notices";
import { AuthNotice } from "./auth-notice";
import { endedReasonFrom } from "./navigation";
import { translateServerText } from "@/i18n/server-text";

/**
 * Sign-up (with its live checks, which parse with zod) and the two-factor step load when shown:
 * the sign-in form is what a first load of /auth shows. Pointing at or focusing the Sign Up tab
 * starts the download.
 */
const loadSignUpForm = () => import("./sign-up-form");
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));
const TwoFactorStep = lazy(() => import("./two-factor-step").then((m) => ({ default: m.TwoFactorStep })));

type AuthMode = "sign-in" | "sign-up";

const HEADINGS: Record<AuthMode, { title: string; description: string }> = {
  "sign-in": { title: msg("Welcome Back"), description: msg("Sign in to trade crypto with verified merchants.") },
  "sign-up": { title: msg("Get Started"), description: msg("Create your account to buy and sell crypto for naira.") },
};

const TRIGGER_CLASS = "h-9 dark:data-[state=active]:bg-secondary";

/**
 * /auth: sign in or sign up (spec §2). `?ref=` opens sign-up with the code; `?mode=sign-up` too.
 * With two-factor on, the code step follows the password (or Google: `?two_factor=google`).
 */
export default function AuthPage() {
  const { t } = useTranslation();
  useConfirmedNotice();
  useAuthErrorNotice();

  const [params, setParams] = useSearchParams();
  const ended = endedReasonFrom(useLocation().state);
  const referralCode = params.get("ref")?.trim() ?? "";
  const [mode, setMode] = useState<AuthMode>(() => (referralCode || params.get("mode") === "sign-up" ? "sign-up" : "sign-in"));
  // The email typed in one mode follows the person to the other.
  const [email, setEmail] = useState("");
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);

  // Two-factor on: the code step replaces the forms (after Google, `?two_factor=google`).
  const [twoFactor, setTwoFactor] = useState<{ challengeToken?: string } | null>(() => (params.get("two_factor") ? {} : null));
  const leaveTwoFactor = () => {
    setTwoFactor(null);
    if (params.get("two_factor")) {
      setParams(
        (next) => {
          next.delete("two_factor");
          return next;
        },
        { replace: true },
      );
    }
  };

  const heading = HEADINGS[mode];

  if (twoFactor) {
    return (
      <AuthLayout>
        <Suspense fallback={<FormLoading />}>
          <TwoFactorStep challengeToken={twoFactor.challengeToken} onBack={leaveTwoFactor} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title={t(heading.title)} description={t(heading.description)} />
      {ended && <AuthNotice icon={<LogOut aria-hidden />} title={translateServerText(ended)} tone="warning" className="mb-5" />}
      <Tabs value={mode} onValueChange={(value) => setMode(value as AuthMode)}>
        <TabsList aria-label={t("Sign in or sign up")} className="h-11 dark:bg-card dark:ring-1 dark:ring-border">
          <TabsTrigger value="sign-in" className={TRIGGER_CLASS}>
            {t("Sign In")}
          </TabsTrigger>
          <TabsTrigger value="sign-up" className={TRIGGER_CLASS} onPointerEnter={() => void loadSignUpForm()} onFocus={() => void loadSignUpForm()}>
            {t("Sign Up")}
          </TabsTrigger>
        </TabsList>

        <div className="mt-6 grid gap-5">
          <GoogleButton />
          <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {t("or with email")}
            <span className="h-px flex-1 bg-border" />
          </div>
        </div>

        <TabsContent value="sign-in" className="mt-5">
          <SignInForm
            defaultEmail={email}
            onEmailChange={setEmail}
            awaitingConfirmation={awaitingConfirmation}
            onTwoFactor={(challengeToken) => setTwoFactor({ challengeToken })}
          />
        </TabsContent>
        <TabsContent value="sign-up" className="mt-5">
          <Suspense fallback={<FormLoading />}>
            <SignUpForm
              defaultEmail={email}
              referralCode={referralCode}
              onEmailChange={setEmail}
              onSignedUp={(address) => {
                setEmail(address);
                setAwaitingConfirmation(address);
                setMode("sign-in");
              }}
            />
          </Suspense>
        </TabsContent>
      </Tabs>
    </AuthLayout>
  );
}

/** Where a form shows while its code loads: the height of a short form, so nothing below jumps. */
function FormLoading() {
  return <div className="min-h-80" aria-busy="true" />;
}
