import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferencesResponse, TelegramStatusResponse, UpdateNotificationPreferencesRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { notificationKeys } from "./queries";

/**
 * Saves switched preferences. The grid shows the change at once and goes back if the save
 * fails; the server's answer (the whole grid) then replaces it.
 */
export function useUpdateNotificationPreferencesMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateNotificationPreferencesRequest["preferences"]) =>
      api<NotificationPreferencesResponse>("/api/notification-preferences", { method: "PUT", body: { preferences: changes } }),
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: notificationKeys.preferences });
      const previous = qc.getQueryData<NotificationPreferencesResponse>(notificationKeys.preferences);
      if (previous) {
        const next = structuredClone(previous);
        for (const [type, channels] of Object.entries(changes)) {
          const key = type as keyof typeof next.preferences;
          next.preferences[key] = { ...next.preferences[key], ...channels };
        }
        qc.setQueryData(notificationKeys.preferences, next);
      }
      return { previous };
    },
    onError: (_err, _changes, context) => {
      if (context?.previous) qc.setQueryData(notificationKeys.preferences, context.previous);
    },
    onSuccess: (data) => qc.setQueryData(notificationKeys.preferences, data),
  });
}

/** Unlinks the Telegram chat; the bot sends nothing more. */
export function useTelegramUnlinkMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TelegramStatusResponse>("/api/telegram/link", { method: "DELETE" }),
    onSuccess: (data) => qc.setQueryData(notificationKeys.telegramStatus, data),
  });
}
