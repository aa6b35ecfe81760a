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

export const markAllNotificationsReadRequest = z.strictObject({});
export const markNotificationsReadResponse = z.object({ updated: z.number().int(), unread_counts: unreadCountsResponse });
