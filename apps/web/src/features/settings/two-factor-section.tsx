import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { QRCodeSVG } from "qrcode.react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { AlertCircle, CheckCircle2, KeyRound, Loader2, ShieldCheck, ShieldOff } from "lucide-react";
import { z } from "zod";
import { enableTwoFactorRequest, MESSAGES, SECURITY_MESSAGES, type TwoFactorSetup } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CopyButton } from "@/ui/copy-button";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { FormField } from "@/features/auth/form-field";
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useTwoFactorSetupMutation,
} from "@/features/auth/mutations";
import { useSecurityStatus } from "@/features/auth/queries";
import { CurrentPasswordField } from "./current-password-field";
import { SecondFactorDialog } from "./second-factor-dialog";

/** The secret in groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The code as the app shows it ("123 456" too), then the request's own rule; the password is optional (not needed soon after signing in). */
const setupSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(enableTwoFactorRequest.shape.code),
  password: z.string(),
});

/** Optional TOTP two-factor: set up with an authenticator app, recovery codes shown once, off with password + code. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const start = useTwoFactorSetupMutation();

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (err) => toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) }),
    });

  const enabled = status.data?.two_factor_enabled ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t("Two-factor authentication")}
          {status.data && (enabled ? <Badge variant="success">{t("On")}</Badge> : <Badge variant="muted">{t("Off")}</Badge>)}
        </CardTitle>
        <CardDescription>
          {t("Ask for a code from an authenticator app (Google Authenticator, Authy, 1Password…) after your password.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-20 w-full" aria-label={t("Loading two-factor status")} />
        ) : status.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {t("We couldn't load your two-factor status.")}
            </p>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
              {t("Try again")}
            </Button>
          </div>
        ) : recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : setup && !enabled ? (
          <SetupPanel
            setup={setup}
            hasPassword={status.data.has_password}
            onCancel={() => setSetup(null)}
            onEnabled={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
            }}
          />
        ) : enabled ? (
          <div className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3 text-sm">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <div>
                <p className="font-medium">{t("Two-factor authentication is on.")}</p>
                <p className="text-muted-foreground">{t("{{count}} recovery codes left.", { count: status.data.recovery_codes_left })}</p>
              </div>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full sm:w-auto" onClick={() => setRenewing(true)}>
                <KeyRound aria-hidden />
                {t("New recovery codes")}
              </Button>
              <Button variant="outline" className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full sm:w-auto" onClick={() => setDisabling(true)}>
                <ShieldOff aria-hidden />
                {t("Turn off")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{t("Two-factor is off. With it on, a stolen password alone can't open your account.")}</p>
            <Button className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full shrink-0 sm:w-auto" onClick={begin} disabled={start.isPending}>
              {start.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {t("Turn on two-factor")}
            </Button>
          </div>
        )}
      </CardContent>
      <DisableDialog open={disabling} onOpenChange={setDisabling} hasPassword={status.data?.has_password ?? true} />
      <RenewCodesDialog open={renewing} onOpenChange={setRenewing} hasPassword={status.data?.has_password ?? true} onRenewed={setRecoveryCodes} />
    </Card>
  );
}

function SetupPanel({
  setup,
  hasPassword,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  hasPassword: boolean;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactorMutation();
  const form = useForm({ resolver: zodResolver(setupSchema), defaultValues: { code: "", password: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ code, password }) => {
    enable.mutate(
      { code, ...(password ? { password } : {}) },
      {
        onSuccess: ({ recovery_codes }) => {
          toast.success(t("Two-factor is on"), { description: t("Save your recovery codes now: they are shown only once.") });
          onEnabled(recovery_codes);
        },
        onError: (err) => {
          // A wrong code, a wrong or missing password: on its field; anything else is a toast.
          if (isApiError(err) && (err.fields?.code || err.fields?.password)) applyServerFieldErrors(err, form.setError, ["code", "password"]);
          else toast.error(t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
        },
      },
    );
  });

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 text-sm">
        <li className="grid gap-3">
          <p className="font-medium">{t("1. Add this account to your authenticator app")}</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="w-fit rounded-lg border bg-white p-3">
              <QRCodeSVG value={setup.otpauth_uri} size={148} title={t("QR code of your two-factor key")} />
            </div>
            <div className="grid min-w-0 gap-2">
              <p className="text-muted-foreground">{t("Scan the QR code, or type this key into the app:")}</p>
              <div className="flex items-center gap-2">
                <code data-testid="totp-secret" className="break-words rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider">
                  {grouped(setup.secret)}
                </code>
                <CopyButton value={setup.secret} label={t("key")} />
              </div>
              <p className="text-muted-foreground">
                {t("On this phone?")}{" "}
                <a href={setup.otpauth_uri} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("Open in your authenticator app")}
                </a>{" "}
                <CopyButton value={setup.otpauth_uri} label={t("setup link")} variant="ghost" className="align-middle" />
              </p>
              <p className="text-xs text-muted-foreground">{t("The key is shown only now. Time-based, 6 digits, every 30 seconds.")}</p>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="grid max-w-xs gap-3">
            <p className="font-medium">{t("2. Enter the 6-digit code the app shows")}</p>
            <FormField id="totp-enable-code" label={t("Code from the app")} error={errors.code?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  className="font-mono tracking-[0.3em]"
                />
              )}
            </FormField>
            {hasPassword && (
              <Controller
                control={form.control}
                name="password"
                render={({ field, fieldState }) => (
                  <CurrentPasswordField id="totp-enable-password" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
            )}
            <div className="flex gap-2">
              <Button type="submit" disabled={enable.isPending}>
                {enable.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {t("Turn on")}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                {t("Cancel")}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Shown in place of the button that asked for them (a dialog's trigger gets the focus back only
    // if it is still there): take the focus, so the codes are in view and read out.
    const frame = requestAnimationFrame(() => panel.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div ref={panel} tabIndex={-1} className="grid gap-4 rounded-lg border border-warning/40 bg-warning/5 p-4 outline-none">
      <div className="text-sm">
        <p className="font-medium">{t("Save your recovery codes")}</p>
        <p className="text-muted-foreground">
          {t("Each code signs you in once if you lose your phone. Keep them somewhere safe: they won't be shown again.")}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t("Recovery codes")} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-background px-3 py-1.5 text-center ring-1 ring-border">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} label={t("recovery codes")} showText />
        <Button size="sm" onClick={onDone}>
          {t("I've saved them")}
        </Button>
      </div>
    </div>
  );
}

function DisableDialog({ open, onOpenChange, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; hasPassword: boolean }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactorMutation();
  return (
    <SecondFactorDialog
      open={open}
      onOpenChange={onOpenChange}
      id="totp-disable"
      title={t("Turn off two-factor?")}
      description={
        hasPassword
          ? t("Confirm with your password and a code from your authenticator app (or a recovery code).")
          : t(SECURITY_MESSAGES.passwordNeededToDisable)
      }
      submitLabel={t("Turn off")}
      destructive
      withPassword
      blocked={!hasPassword}
      pending={disable.isPending}
      onConfirm={async ({ password, code }) => {
        await disable.mutateAsync({ password: password ?? "", code });
        toast.success(t("Two-factor is off"), { description: t("Sign-in asks only for your password again.") });
      }}
    />
  );
}

function RenewCodesDialog({
  open,
  onOpenChange,
  hasPassword,
  onRenewed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
  onRenewed: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const renew = useRenewRecoveryCodesMutation();
  return (
    <SecondFactorDialog
      open={open}
      onOpenChange={onOpenChange}
      id="totp-renew"
      title={t("Get new recovery codes?")}
      description={
        hasPassword
          ? t(
              "Your current recovery codes will stop working. Confirm with your password and a code from your authenticator app (or a recovery code).",
            )
          : t("Your current recovery codes will stop working. Confirm with a code from your authenticator app (or a recovery code).")
      }
      submitLabel={t("Get new codes")}
      withPassword={hasPassword}
      pending={renew.isPending}
      onConfirm={async (answer) => {
        const { recovery_codes } = await renew.mutateAsync(answer);
        toast.success(t("New recovery codes ready"), { description: t("Save them now: your old codes no longer work.") });
        onRenewed(recovery_codes);
      }}
    />
  );
}
