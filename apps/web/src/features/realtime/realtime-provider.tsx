import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { toast } from "@/ui/toast";
import { WifiOff } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { useOnline } from "@/lib/online";
import { translateServerText } from "@/i18n/server-text";
import {
  BROWSER_NOTIFICATION_CLOSE_MS,
  REALTIME_EVENTS,
  TOAST_MS,
  type Notification as AppNotification,
  type NotificationChannel,
  type Role,
  ADMIN_TOPIC,
  MERCHANTS_TOPIC,
  MARKET_TOPIC,
  orderTopic,
  userTopic,
  TOPIC_START_EFFECTS,
  type StandingTopic,
  type SessionResponse,
  SESSION_ENDED_TEXT,
} from "@p2p/shared";
import { api } from "@/lib/api";
import { sessionEnded } from "@/lib/session-end";
import { RealtimeClient } from "@/lib/realtime";
import { resumePoint } from "@/lib/realtime-resume";
import { notificationKeys, useNotificationPreferences } from "@/features/notifications/queries";
import { channelAllowed } from "@/features/notifications/delivery";
import { noticeBody } from "@/features/notifications/notice-details";
import { badgeKeys } from "@/features/badges/queries";
import { isNativeShell } from "@/pwa/register-sw";
import { RealtimeContext, useRealtimeStatus, useRealtimeTopic } from "./realtime-context";
import { applyEvent, refreshViews } from "./view-keys";

/**
 * Inside the native app a local notification (spec §4, §9), under the phone push preference; on
 * the web a browser notification, under the browser preference.
 */
function showDeviceNotification(n: AppNotification, allowed: (channel: "browser" | "push") => boolean) {
  if (isNativeShell()) {
    if (!allowed("push")) return;
    void import("@/native").then((native) =>
      native.showLocalNotification(translateServerText(n.title), noticeBody(translateServerText(n.message), n.details), { notificationId: n.id }),
    );
    return;
  }
  if (allowed("browser")) showBrowserNotification(n);
}

/** Shows a browser notification when allowed; it closes itself after 10 s (spec §9). */
function showBrowserNotification(n: AppNotification) {
  if (typeof window === "undefined" || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const shown = new Notification(translateServerText(n.title), { body: noticeBody(translateServerText(n.message), n.details), tag: n.id });
    shown.onclick = () => {
      window.focus();
      if (n.type === "new_open_request") window.location.assign("/marketplace");
      else if (n.order_id) window.location.assign(n.type === "new_message" ? `/chat/${n.order_id}` : `/order/${n.order_id}`);
      shown.close();
    };
    setTimeout(() => shown.close(), BROWSER_NOTIFICATION_CLOSE_MS);
  } catch {
    /* some browsers only allow notifications from a service worker */
  }
}

const ORDER_PATH = /^\/(?:order|chat)\/([0-9a-f-]{36})$/i;

/**
 * Which topics this tab follows, and the pop-ups of new notifications. What each event changes in
 * the cache is not decided here: the provider applies the shared declaration to every event.
 */
function useEventRouter(userId: string, role: Role) {
  const qc = useQueryClient();
  const { pathname } = useLocation();
  // The caller's delivery choices (features/settings): toast and browser here, push in the native app.
  const prefs = useNotificationPreferences().data?.preferences;
  const allowed = (type: AppNotification["type"], channel: NotificationChannel) => channelAllowed(prefs, type, channel);
  // A standing topic followed for the first time: read again what may have changed meanwhile
  // (resumed from the session read's cursor, only what was read before it).
  const startOf = (topic: StandingTopic) => (readSince: number | undefined) =>
    refreshViews(qc, TOPIC_START_EFFECTS[topic], { topicStarted: true, readSince });

  useRealtimeTopic(
    userTopic(userId),
    (e) => {
      if (e.event !== REALTIME_EVENTS.notificationCreated) return;
      const n = e.payload;
      // Replayed events after a reconnect are older news: only live ones pop up; and a message
      // in the chat on screen needs no toast.
      const inThatChat =
        n.type === "new_message" &&
        !!n.order_id &&
        pathname.toLowerCase() === `/chat/${n.order_id.toLowerCase()}` &&
        document.visibilityState === "visible";
      if (!inThatChat && Date.now() - Date.parse(n.created_at) < 60_000) {
        if (allowed(n.type, "toast"))
          toast.message(translateServerText(n.title), { description: translateServerText(n.message), duration: TOAST_MS, id: n.id });
        showDeviceNotification(n, (channel) => allowed(n.type, channel));
      }
    },
    startOf("user"),
  );

  // The order being viewed (order page or its chat) follows its own topic for status changes;
  // followed for the first time, it reads the order again (an event may have come meanwhile).
  const viewedOrder = ORDER_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
  useRealtimeTopic(
    viewedOrder ? orderTopic(viewedOrder) : null,
    () => undefined,
    () => viewedOrder && refreshViews(qc, [{ view: "order", id: viewedOrder }]),
  );
  useRealtimeTopic(role === "admin" ? ADMIN_TOPIC : null, () => undefined, startOf("admin"));
  useRealtimeTopic(role === "merchant" || role === "admin" ? MERCHANTS_TOPIC : null, () => undefined, startOf("merchants"));
  useRealtimeTopic(MARKET_TOPIC, () => undefined, startOf("market"));
}

function EventRouter({ userId, role }: { userId: string; role: Role }) {
  useEventRouter(userId, role);
  // Inside the native app this device's push token follows whoever signs in.
  useEffect(() => {
    if (isNativeShell()) void import("@/native").then((native) => native.registerPush());
  }, [userId]);
  return null;
}

/** A quiet pill while the socket is down; everything still works through polling meanwhile. */
export function ReconnectingIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const online = useOnline();
  // Offline, the offline banner says it all.
  if (status !== "reconnecting" || !online) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed start-1/2 top-[calc(env(safe-area-inset-top)+4.25rem)] z-50 -translate-x-1/2 rtl:translate-x-1/2 rounded-full border bg-background/95 px-3 py-1 text-xs text-muted-foreground shadow-sm backdrop-blur"
    >
      <WifiOff className="me-1.5 inline size-3.5 align-[-2px]" aria-hidden />
      {t("Reconnecting…")}
    </div>
  );
}

/**
 * The socket closed with 4401: the server ended the session (its reason came first), or the
 * access token lapsed and the session read refreshes it; a session that is gone ends the tab's.
 */
async function refreshOrEnd(endedReason: string | null) {
  if (endedReason) return sessionEnded(endedReason);
  const { user } = await api<SessionResponse>("/api/auth/session");
  if (!user) sessionEnded(SESSION_ENDED_TEXT);
}

/** One socket per signed-in tab, shared by every screen through context. */
export function RealtimeProvider({ userId, role, children }: { userId: string; role: Role; children: ReactNode }) {
  const qc = useQueryClient();
  const [client] = useState(() => new RealtimeClient(refreshOrEnd, resumePoint));
  useEffect(() => {
    // In a task of its own: opening the socket (10–25 ms at 4× CPU slowdown) made the task that
    // mounts the signed-in frame longer. The topics subscribed meanwhile are sent once it opens.
    const starting = setTimeout(() => client.start(), 0);
    // Every event refreshes what it changes (packages/shared/src/realtime/cache-effects.ts).
    const offEvents = client.onEvent((e) => applyEvent(qc, e, { userId }));
    let wasDown = false;
    const off = client.onStatus((status) => {
      if (status === "reconnecting") wasDown = true;
      if (status === "open" && wasDown) {
        wasDown = false;
        // Replay covers the topics; counts are cheap to refetch in case we were away for long.
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
        void qc.invalidateQueries({ queryKey: badgeKeys.all });
      }
    });
    return () => {
      clearTimeout(starting);
      offEvents();
      off();
      client.stop();
    };
  }, [client, qc, userId]);
  const value = useMemo(() => client, [client]);
  return (
    <RealtimeContext.Provider value={value}>
      <EventRouter userId={userId} role={role} />
      {children}
    </RealtimeContext.Provider>
  );
}
