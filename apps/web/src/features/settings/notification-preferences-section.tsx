import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { AlertCircle, RotateCw } from "lucide-react";
import {
  MESSAGES,
  msg,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
  type Role,
} from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { Switch } from "@/ui/switch";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { useNotificationPreferences } from "@/features/notifications/queries";
import { useUpdateNotificationPreferencesMutation } from "@/features/notifications/mutations";

/** Types only some roles ever receive; the others never see a switch for them. */
const ONLY_FOR: Partial<Record<NotificationType, Role[]>> = {
  group_new_message: ["merchant", "admin"],
  new_open_request: ["merchant"],
};

const CHANNEL_HINTS: Record<NotificationChannel, string> = {
  toast: msg("A pop-up inside the app while it is open."),
  browser: msg("A system notification from this browser."),
  telegram: msg("A message from the NaijaP2P bot, once Telegram is linked below."),
  push: msg("A push to the NaijaP2P app on your phone."),
};

/**
 * Which live channel delivers each kind of notification (DESIGN §4). Every notification still lands
 * in /notifications; these switches only decide where it pops up.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const session = useSession();
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferencesMutation();
  const role = session.data?.role;
  // Reached from the Notifications page's 'Delivery settings' link: bring the grid into view once it is there.
  const { hash } = useLocation();
  const loaded = prefs.isSuccess;
  useEffect(() => {
    if (hash !== "#notifications" || !loaded) return;
    // After the layout's own scroll-to-top for the new page, which runs after this effect.
    const frame = requestAnimationFrame(() => document.getElementById("notifications")?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [hash, loaded]);
  const types = NOTIFICATION_TYPES.filter((t) => !ONLY_FOR[t] || (role && ONLY_FOR[t].includes(role)));

  const toggle = (type: NotificationType, channel: NotificationChannel, enabled: boolean) => {
    const what = { type: t(NOTIFICATION_TYPE_LABELS[type].label), channel: t(NOTIFICATION_CHANNEL_LABELS[channel]) };
    update.mutate(
      { [type]: { [channel]: enabled } },
      {
        onSuccess: () =>
          toast.success(t("Notification settings saved"), {
            description: enabled ? t("{{type}} on {{channel}}: on", what) : t("{{type}} on {{channel}}: off", what),
          }),
        onError: (err) => toast.error(t("Could not save your notification settings"), { description: translateServerText(err.message) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Notifications")}</CardTitle>
        <CardDescription>
          {t("Choose where each notification reaches you. Every notification is still kept on your Notifications page.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {prefs.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label={t("Loading notification settings")}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : prefs.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {t("We couldn't load your notification settings.")}
            </p>
            <p className="text-muted-foreground">{translateServerText(prefs.error.message)}</p>
            <Button size="sm" variant="outline" onClick={() => void prefs.refetch()} disabled={prefs.isFetching}>
              <RotateCw className={prefs.isFetching ? "animate-spin" : undefined} />
              {t("Try again")}
            </Button>
          </div>
        ) : (
          <>
            <div role="table" aria-label={t("Notification channels")} className="flex flex-col">
              <div
                role="row"
                className="hidden border-b pb-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(4,5rem)]"
              >
                <span role="columnheader">{t("Notification")}</span>
                {NOTIFICATION_CHANNELS.map((c) => (
                  <span key={c} role="columnheader" className="text-center" title={t(CHANNEL_HINTS[c])}>
                    {t(NOTIFICATION_CHANNEL_LABELS[c])}
                  </span>
                ))}
              </div>
              {types.map((type) => (
                <div
                  key={type}
                  role="row"
                  className="flex flex-col gap-3 border-b py-3 last:border-b-0 sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(4,5rem)] sm:items-center sm:gap-0"
                >
                  <div role="rowheader" className="min-w-0 pe-2">
                    <p className="text-sm font-medium">{t(NOTIFICATION_TYPE_LABELS[type].label)}</p>
                    <p className="text-xs text-muted-foreground">{t(NOTIFICATION_TYPE_LABELS[type].description)}</p>
                  </div>
                  <div className="grid grid-cols-4 gap-2 sm:contents">
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <label key={channel} role="cell" className="flex cursor-pointer flex-col items-center gap-1.5">
                        <span className="text-[11px] text-muted-foreground sm:hidden">{t(NOTIFICATION_CHANNEL_LABELS[channel])}</span>
                        <Switch
                          checked={prefs.data.preferences[type][channel]}
                          onCheckedChange={(on) => toggle(type, channel, on)}
                          aria-label={`${t(NOTIFICATION_TYPE_LABELS[type].label)}: ${t(NOTIFICATION_CHANNEL_LABELS[channel])}`}
                        />
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
            <ChannelNotes />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type Permission = NotificationPermission | "unsupported";

function browserPermission(): Permission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/** What each channel needs beyond its switch, and the browser permission when it is still to ask. */
function ChannelNotes() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(browserPermission);
  const ask = async () => {
    try {
      const result = await Notification.requestPermission();
      setPermission(result);
      if (result === "granted") toast.success(t(MESSAGES.notificationsEnabledTitle), { description: t(MESSAGES.notificationsEnabledBody) });
    } catch {
      setPermission("unsupported");
    }
  };
  const browserNote =
    permission === "granted"
      ? t("Allowed in this browser.")
      : permission === "denied"
        ? t("Blocked in this browser: allow notifications for this site in the browser's settings.")
        : permission === "unsupported"
          ? t("This browser cannot show notifications.")
          : t("Not allowed in this browser yet.");

  return (
    <dl className="grid gap-2 rounded-lg bg-muted/50 p-3 text-xs text-muted-foreground sm:grid-cols-2">
      {NOTIFICATION_CHANNELS.map((c) => (
        <div key={c}>
          <dt className="inline font-medium text-foreground">{t(NOTIFICATION_CHANNEL_LABELS[c])}: </dt>
          <dd className="inline">
            {t(CHANNEL_HINTS[c])}
            {c === "browser" && (
              <>
                {" "}
                {browserNote}
                {permission === "default" && (
                  <Button variant="link" size="sm" className="h-auto p-0 ps-1 text-xs" onClick={() => void ask()}>
                    {t("Allow")}
                  </Button>
                )}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
