import { msg } from "../i18n/languages.js";
import type { NotificationType } from "../orders/constants.js";

/*
 * The channels a notification reaches and the labels of channels and types, apart from the
 * preference schemas in schemas/notification-preferences.ts, so that a screen needing only these
 * does not load zod and build the schemas (importing a schema module builds all of them).
 */

/**
 * The live channels a notification can reach (DESIGN §4). The notification row is always written
 * (the /notifications list is the record); preferences decide which of these deliver it.
 */
export const NOTIFICATION_CHANNELS = ["toast", "browser", "telegram", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  toast: msg("In-app"),
  browser: msg("Browser"),
  telegram: msg("Telegram"),
  push: msg("Phone"),
};

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, { label: string; description: string }> = {
  new_message: { label: msg("Order chat messages"), description: msg("A trade partner writes in an order's chat") },
  group_new_message: { label: msg("Merchant group chat"), description: msg("New messages in the merchants' group chat") },
  order_update: { label: msg("Order updates"), description: msg("An order is accepted, paid or appealed") },
  order_completed: { label: msg("Completed orders"), description: msg("Coins are released and a trade completes") },
  order_cancelled: { label: msg("Cancelled orders"), description: msg("An order is cancelled or runs out of time") },
  live_chat_request: { label: msg("Live chat"), description: msg("Live chat requests and support replies") },
  admin_feedback: { label: msg("Admin feedback"), description: msg("Answers to your complaints and appeals") },
  merchant_application: { label: msg("Merchant application"), description: msg("A decision on your merchant application") },
  price_update: { label: msg("Price updates"), description: msg("Price changes on coins you watch") },
  new_open_request: { label: msg("New open requests"), description: msg("A trader posts an open request for a coin you have an online offer for") },
};
