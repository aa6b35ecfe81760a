import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  MERCHANT_CHAT_LAST_SEEN_KEY,
  type Notification,
  type NotificationPreferencesResponse,
  type TelegramStatusResponse,
  type UnreadCounts,
} from "@p2p/shared";
import { api } from "@/lib/api";

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: ["notifications", "list"] as const,
  list: (page: number) => ["notifications", "list", page] as const,
  unreadCounts: ["notifications", "unread-counts"] as const,
  groupUnseen: ["merchant-chat", "unseen"] as const,
  preferences: ["notification-preferences"] as const,
  telegramStatus: ["telegram", "status"] as const,
};

/** Which live channels deliver each notification type (everything on until switched off). */
export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api<NotificationPreferencesResponse>("/api/notification-preferences", { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Whether this account has a linked Telegram chat; polled while the caller waits for a link. */
export function useTelegramStatus(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.telegramStatus,
    queryFn: ({ signal }) => api<TelegramStatusResponse>("/api/telegram/status", { signal }),
    refetchInterval: options.poll ? 3_000 : false,
  });
}

export type NotificationPage = { page: number; page_size: number; total: number; notifications: Notification[]; unread: number };

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => api<NotificationPage>(`/api/notifications?page=${page}&page_size=${NOTIFICATION_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The notifications and messages badges; kept live by realtime events, polled slowly as a fallback. */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unreadCounts,
    queryFn: ({ signal }) => api<UnreadCounts>("/api/notifications/unread-counts", { signal }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

export function readMerchantChatLastSeen(): string | null {
  try {
    return localStorage.getItem(MERCHANT_CHAT_LAST_SEEN_KEY);
  } catch {
    return null;
  }
}

export function writeMerchantChatLastSeen(date = new Date()) {
  try {
    localStorage.setItem(MERCHANT_CHAT_LAST_SEEN_KEY, date.toISOString());
  } catch {
    /* storage unavailable */
  }
}

/** Merchant group chat messages after the last time this device viewed the chat. */
export function useGroupChatUnseen(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.groupUnseen,
    queryFn: ({ signal }) => {
      const since = readMerchantChatLastSeen();
      return api<{ unseen: number }>(`/api/merchant-chat/unseen${since ? `?since=${encodeURIComponent(since)}` : ""}`, { signal });
    },
    enabled,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

type ReadResponse = { updated: number; unread_counts: UnreadCounts };

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) =>
      ids ? api<ReadResponse>("/api/notifications/read", { body: { ids } }) : api<ReadResponse>("/api/notifications/read-all", { body: {} }),
    onSuccess: (data) => {
      qc.setQueryData(notificationKeys.unreadCounts, data.unread_counts);
      void qc.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}
