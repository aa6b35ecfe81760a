import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { toast } from "@/ui/toast";
import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
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
  orderTopic,
  userTopic,
} from "@p2p/shared";
import { api } from "@/lib/api";
import { RealtimeClient } from "@/lib/realtime";
import { orderKeys } from "@/features/orders/queries";
import { dashboardKeys } from "@/features/dashboard/queries";
import { notificationKeys, useNotificationPreferences } from "@/features/notifications/queries";
import { channelAllowed } from "@/features/notifications/delivery";
import { noticeBody } from "@/features/notifications/notice-details";
import { chatKeys } from "@/features/chat/keys";
import { badgeKeys } from "@/features/badges/queries";
import { staleAdminKeys } from "@/features/admin/queue-keys";
import { authKeys } from "@/features/auth/queries";
import { merchantApplicationKeys } from "@/features/merchant-application/queries";
import { isNativeShell } from "@/pwa/register-sw";
import { RealtimeContext, useRealtimeStatus, useRealtimeTopic } from "./realtime-context";

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
      if (n.order_id) window.location.assign(n.type === "new_message" ? `/chat/${n.order_id}` : `/order/${n.order_id}`);
      shown.close();
    };
    setTimeout(() => shown.close(), BROWSER_NOTIFICATION_CLOSE_MS);
  } catch {
    /* some browsers only allow notifications from a service worker */
  }
}

const ORDER_PATH = /^\/(?:order|chat)\/([0-9a-f-]{36})$/i;

function useEventRouter(userId: string, role: Role) {
  const qc = useQueryClient();
  const { pathname } = useLocation();
  // The caller's delivery choices (features/settings): toast and browser here, push in the native app.
  const prefs = useNotificationPreferences().data?.preferences;
  const allowed = (type: AppNotification["type"], channel: NotificationChannel) => channelAllowed(prefs, type, channel);

  const invalidateOrder = (orderId: string | undefined) => {
    if (orderId) void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void qc.invalidateQueries({ queryKey: orderKeys.lists });
    void qc.invalidateQueries({ queryKey: dashboardKeys.summary });
    void qc.invalidateQueries({ queryKey: dashboardKeys.coinAnalytics });
    void qc.invalidateQueries({ queryKey: chatKeys.lists });
    void qc.invalidateQueries({ queryKey: badgeKeys.all });
  };

  useRealtimeTopic(userTopic(userId), (e) => {
    switch (e.event) {
      case REALTIME_EVENTS.notificationCreated: {
        const n = e.payload;
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
        void qc.invalidateQueries({ queryKey: badgeKeys.all });
        if (n.type === "new_message") void qc.invalidateQueries({ queryKey: chatKeys.lists });
        if (n.type === "live_chat_request") void qc.invalidateQueries({ queryKey: chatKeys.liveAdmin });
        // A decision about the account (an approved application, a new role) changes its navigation at once.
        if (n.type === "merchant_application" || n.type === "admin_feedback") {
          void qc.invalidateQueries({ queryKey: authKeys.session });
          void qc.invalidateQueries({ queryKey: merchantApplicationKeys.all });
        }
        // Replayed events after a reconnect are older news: only live ones pop up; and a message
        // in the chat on screen needs no toast.
        const inThatChat =
          n.type === "new_message" &&
          !!n.order_id &&
          pathname.toLowerCase() === `/chat/${n.order_id.toLowerCase()}` &&
          document.visibilityState === "visible";
        if (!inThatChat && Date.now() - Date.parse(n.created_at) < 60_000) {
          if (allowed(n.type, "toast"))
            toast(translateServerText(n.title), { description: translateServerText(n.message), duration: TOAST_MS, id: n.id });
          showDeviceNotification(n, (channel) => allowed(n.type, channel));
        }
        break;
      }
      case REALTIME_EVENTS.notificationsRead: {
        void qc.invalidateQueries({ queryKey: badgeKeys.all });
        void qc.invalidateQueries({ queryKey: notificationKeys.lists });
        break;
      }
      // A read on another tab or device: its fresh counts, and the chat list's per-chat counts with them.
      case REALTIME_EVENTS.badgesChanged:
        qc.setQueryData(badgeKeys.all, e.payload);
        void qc.invalidateQueries({ queryKey: chatKeys.lists });
        break;
      case REALTIME_EVENTS.orderChanged:
        invalidateOrder(e.payload.order_id);
        break;
    }
  });

  // The order being viewed (order page or its chat) follows its own topic for status changes.
  const viewedOrder = ORDER_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
  useRealtimeTopic(
    viewedOrder ? orderTopic(viewedOrder) : null,
    (e) => {
      if (e.event === REALTIME_EVENTS.orderUpdated) invalidateOrder(viewedOrder ?? undefined);
      if (e.event === REALTIME_EVENTS.chatMessage) void qc.invalidateQueries({ queryKey: chatKeys.lists });
    },
    () => invalidateOrder(viewedOrder ?? undefined),
  );

  useRealtimeTopic(role === "admin" ? ADMIN_TOPIC : null, (e) => {
    if (e.event === REALTIME_EVENTS.liveChatSession) void qc.invalidateQueries({ queryKey: chatKeys.liveAdmin });
    const queue = e.event === REALTIME_EVENTS.adminQueueChanged ? e.payload.queue : e.event === REALTIME_EVENTS.appealOpened ? "appeals" : null;
    if (queue) for (const queryKey of staleAdminKeys(queue)) void qc.invalidateQueries({ queryKey });
  });

  useRealtimeTopic(role === "merchant" || role === "admin" ? MERCHANTS_TOPIC : null, (e) => {
    if (e.event === REALTIME_EVENTS.merchantChatMessage) {
      if (e.payload.sender_id !== userId) void qc.invalidateQueries({ queryKey: badgeKeys.all });
    }
  });
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

/** One socket per signed-in tab, shared by every screen through context. */
export function RealtimeProvider({ userId, role, children }: { userId: string; role: Role; children: ReactNode }) {
  const qc = useQueryClient();
  const [client] = useState(() => new RealtimeClient(() => api("/api/auth/session")));
  useEffect(() => {
    client.start();
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
      off();
      client.stop();
    };
  }, [client, qc]);
  const value = useMemo(() => client, [client]);
  return (
    <RealtimeContext.Provider value={value}>
      <EventRouter userId={userId} role={role} />
      {children}
    </RealtimeContext.Provider>
  );
}
