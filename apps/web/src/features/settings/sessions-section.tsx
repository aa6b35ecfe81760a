import { useState } from "react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { AlertCircle, Laptop, LogOut, MonitorSmartphone, Smartphone } from "lucide-react";
import type { TFunction } from "@p2p/shared";
import type { SessionInfo } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { showDateTime } from "@/i18n/format";
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation } from "@/features/auth/mutations";
import { useActiveSessions, useSecurityStatus } from "@/features/auth/queries";
import { ConfirmPasswordDialog } from "./confirm-password-dialog";

const FOLDED_COUNT = 5;

/** The devices signed in to this account: sign out one, or every one but this; either asks for the current password. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useActiveSessions();
  const security = useSecurityStatus();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const revokeOne = useRevokeSessionMutation();
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  // The other device whose sign-out is asked (kept while its dialog closes, so the text stays).
  const [oneToSignOut, setOneToSignOut] = useState<SessionInfo | null>(null);
  const [confirmingOne, setConfirmingOne] = useState(false);
  const withPassword = security.data?.has_password !== false;
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const [showAll, setShowAll] = useState(false);
  // This device first, then the others by last use; long lists fold after a few.
  const ordered = sessions.data ? [...sessions.data.filter((s) => s.current), ...others] : [];
  const shown = showAll ? ordered : ordered.slice(0, FOLDED_COUNT);

  const signOutOthers = (body: { password?: string }) =>
    revokeOthers.mutateAsync(body).then(({ signed_out }) =>
      toast.success(t("Other devices signed out"), {
        description: t("{{count}} devices were signed out.", { count: signed_out }),
      }),
    );
  const signOutOne = (session: SessionInfo, body: { password?: string }) =>
    revokeOne.mutateAsync({ id: session.id, body }).then(() => {
      const device = deviceName(session, t);
      toast.success(t("Device signed out"), { description: t("{{device}} was signed out.", { device }) });
    });

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <MonitorSmartphone className="size-5 text-primary" aria-hidden />
            {t("Active sessions")}
          </CardTitle>
          <CardDescription>{t("Devices signed in to your account. Sign out any you don't recognise.")}</CardDescription>
        </div>
        {others.length > 0 && (
          <Button variant="outline" size="sm" className="h-auto min-h-9 shrink-0 whitespace-normal py-1.5" onClick={() => setConfirmingOthers(true)}>
            <LogOut aria-hidden />
            {t("Sign out all other devices")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-3" aria-label={t("Loading sessions")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {t("We couldn't load your sessions.")}
            </p>
            <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
              {t("Try again")}
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y rounded-lg border" aria-label={t("Active sessions")}>
              {shown.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  onSignOut={() => {
                    setOneToSignOut(session);
                    setConfirmingOne(true);
                  }}
                />
              ))}
            </ul>
            {ordered.length > FOLDED_COUNT && (
              <Button variant="link" className="mt-2 h-auto px-0" onClick={() => setShowAll((v) => !v)}>
                {showAll ? t("Show fewer") : t("Show all {{count}} sessions", { count: ordered.length })}
              </Button>
            )}
          </>
        )}
        {sessions.data && others.length === 0 && <p className="mt-3 text-sm text-muted-foreground">{t("No other device is signed in.")}</p>}
      </CardContent>

      <ConfirmPasswordDialog
        open={confirmingOthers}
        onOpenChange={setConfirmingOthers}
        id="sign-out-others-password"
        title={t("Sign out all other devices?")}
        description={t("{{count}} other devices will be signed out at once. This device stays signed in.", { count: others.length })}
        submitLabel={t("Sign out others")}
        withPassword={withPassword}
        pending={revokeOthers.isPending}
        onConfirm={signOutOthers}
      />
      <ConfirmPasswordDialog
        open={confirmingOne}
        onOpenChange={setConfirmingOne}
        id="sign-out-session-password"
        title={t("Sign out {{device}}?", { device: oneToSignOut ? deviceName(oneToSignOut, t) : "" })}
        description={t("That device will be signed out at once. This device stays signed in.")}
        submitLabel={t("Sign out")}
        withPassword={withPassword}
        pending={revokeOne.isPending}
        onConfirm={(body) => (oneToSignOut ? signOutOne(oneToSignOut, body) : Promise.resolve())}
      />
    </Card>
  );
}

const deviceName = (session: SessionInfo, t: TFunction) => session.device ?? t("Unknown device");

function SessionRow({ session, onSignOut }: { session: SessionInfo; onSignOut: () => void }) {
  const { t } = useTranslation();
  const device = deviceName(session, t);
  const Icon = session.client === "native" || /iPhone|Android|iPad/.test(device) ? Smartphone : Laptop;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words" title={session.user_agent ?? undefined}>
              {device}
            </span>
            {session.current && <Badge variant="success">{t("This device")}</Badge>}
          </p>
          <p className="text-muted-foreground">{session.ip ? t("IP {{ip}}", { ip: session.ip }) : t("IP unknown")}</p>
          <p className="text-xs text-muted-foreground">
            {t("Signed in {{signedIn}} · Last used {{lastUsed}}", {
              signedIn: showDateTime(session.created_at),
              lastUsed: showDateTime(session.last_used_at),
            })}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="h-10 w-full shrink-0 sm:h-8 sm:w-auto" onClick={onSignOut}>
          <LogOut aria-hidden />
          {t("Sign out")}
        </Button>
      )}
    </li>
  );
}
