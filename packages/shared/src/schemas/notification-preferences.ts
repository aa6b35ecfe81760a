import { z } from "zod";
import { NOTIFICATION_TYPES, type NotificationType } from "./orders.js";

/**
 * The live channels a notification can reach (DESIGN §4). The notification row is always written
 * (the /notifications list is the record); preferences decide which of these deliver it.
 */
export const NOTIFICATION_CHANNELS = ["toast", "browser", "telegram", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  toast: "In-app",
  browser: "Browser",
  telegram: "Telegram",
  push: "Phone",
};

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, { label: string; description: string }> = {
  new_message: { label: "Order chat messages", description: "A trade partner writes in an order's chat" },
  group_new_message: { label: "Merchant group chat", description: "New messages in the merchants' group chat" },
  order_update: { label: "Order updates", description: "An order is accepted, paid or appealed" },
  order_completed: { label: "Completed orders", description: "Coins are released and a trade completes" },
  order_cancelled: { label: "Cancelled orders", description: "An order is cancelled or runs out of time" },
  live_chat_request: { label: "Live chat", description: "Live chat requests and support replies" },
  admin_feedback: { label: "Admin feedback", description: "Answers to your complaints and appeals" },
  merchant_application: { label: "Merchant application", description: "A decision on your merchant application" },
  price_update: { label: "Price updates", description: "Price changes on coins you watch" },
};

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
    .refine((p) => Object.values(p).some((c) => c && Object.keys(c).length > 0), "Choose at least one setting to change."),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;
