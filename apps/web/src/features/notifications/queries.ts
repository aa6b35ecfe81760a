import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Notification, type NotificationPreferencesResponse, type TelegramStatusResponse, type UnreadCounts } from "@p2p/shared";
import { api } from "@/lib/api";
import { badgeKeys } from "@/features/badges/queries";

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: ["notifications", "list"] as const,
  list: (page: number) => ["notifications", "list", page] as const,
  preferences: ["notification-preferences"] as const,
  telegramStatus: ["telegram", "status"] as const,
};

/** The delivery choices' read, shared by useNotificationPreferences and the first screen's reads. */
export const notificationPreferencesQuery = {
  queryKey: notificationKeys.preferences,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<NotificationPreferencesResponse>("/api/notification-preferences", { signal }),
  staleTime: 5 * 60_000,
};

/** Which live channels deliver each notification type (everything on until switched off). */
export function useNotificationPreferences(enabled = true) {
  return useQuery({ ...notificationPreferencesQuery, enabled });
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

type ReadResponse = { updated: number; unread_counts: UnreadCounts };

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) =>
      ids ? api<ReadResponse>("/api/notifications/read", { body: { ids } }) : api<ReadResponse>("/api/notifications/read-all", { body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: badgeKeys.all });
      void qc.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}
