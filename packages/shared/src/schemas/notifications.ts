import { z } from "zod";
import type { NotificationType } from "../orders/constants.js";

/** The notification types the messages badge counts (spec §7). */
export const MESSAGE_NOTIFICATION_TYPES = ["new_message", "group_new_message"] as const satisfies readonly NotificationType[];

/** GET /api/notifications/unread-counts: the two badges of spec §2. */
export const unreadCountsResponse = z.object({
  notifications: z.number().int(),
  messages: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsResponse>;

/**
 * GET /api/badges: every count the navigation shows, each by the rule of the list it stands for
 * (the notifications list's unread, the chat list's per-chat unread, the live chat's and the
 * merchants' group chat's unread, the pending orders of spec §6). `messages` is what the chat
 * list adds up: its order chats plus the live chat with support.
 */
export const badgesResponse = z.object({
  notifications: z.number().int(),
  order_chats: z.number().int(),
  live_chat: z.number().int(),
  merchant_chat: z.number().int(),
  pending_orders: z.number().int(),
  messages: z.number().int(),
});
export type Badges = z.infer<typeof badgesResponse>;

export const markAllNotificationsReadRequest = z.strictObject({});
export const markNotificationsReadResponse = z.object({ updated: z.number().int(), unread_counts: unreadCountsResponse });
