import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { NOTIFICATION_TYPES, type NotificationType } from "../orders/constants.js";

const channelSwitches = z.strictObject({
  toast: z.boolean(),
  browser: z.boolean(),
  telegram: z.boolean(),
  push: z.boolean(),
});
export type ChannelSwitches = z.infer<typeof channelSwitches>;

/** Every type × channel; a choice never made is on. */
export type NotificationPreferences = Record<NotificationType, ChannelSwitches>;

export function defaultNotificationPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, { toast: true, browser: true, telegram: true, push: true }]),
  ) as NotificationPreferences;
}

/** GET and PUT /api/notification-preferences. */
export const notificationPreferencesResponse = z.object({
  preferences: z.record(z.enum(NOTIFICATION_TYPES), channelSwitches),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

/** PUT /api/notification-preferences: only the switches that change; unknown types or channels are refused. */
export const updateNotificationPreferencesRequest = z.strictObject({
  preferences: z
    .partialRecord(z.enum(NOTIFICATION_TYPES), channelSwitches.partial())
    .refine((p) => Object.values(p).some((c) => c && Object.keys(c).length > 0), msg("Choose at least one setting to change.")),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;
