import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { chatMessageSchema, chatReadReceiptSchema, liveChatMessageSchema, liveChatSessionSchema, merchantChatMessageSchema } from "./chat.js";
import { badgesResponse, unreadCountsResponse } from "./notifications.js";
import { notificationSchema } from "./orders.js";
import { ADMIN_QUEUES, type RealtimeEventName } from "../realtime/names.js";

/** The /realtime WebSocket protocol's frames and payloads (names and path: realtime/names.ts). */
export const topicSchema = z
  .string()
  .max(100)
  .regex(/^(user|order|live-chat):[0-9a-f-]{36}$|^(merchants|admin|market)$/i, msg("Unknown topic."));

export const clientFrame = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("subscribe"),
    topic: topicSchema,
    /** The last event id the client saw on this topic: missed events are replayed first, each once. */
    last_event_id: z.number().int().min(0).optional(),
  }),
  z.strictObject({ type: z.literal("unsubscribe"), topic: topicSchema }),
  z.strictObject({ type: z.literal("ping") }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const orderUpdatedPayload = z.object({
  order_id: z.string(),
  status: z.string(),
  current_step: z.number().int(),
  is_active: z.boolean(),
  action: z.string(),
  updated_at: z.string(),
});
export const chatTypingPayload = z.object({ order_id: z.string(), user_id: z.string(), username: z.string() });
export const notificationsReadPayload = z.object({ ids: z.array(z.string()).nullable(), unread_counts: unreadCountsResponse });

export const adminQueueChangedPayload = z.object({ queue: z.enum(ADMIN_QUEUES) });
export type AdminQueueChanged = z.infer<typeof adminQueueChangedPayload>;

/** A party rated the receiver of this event: their new average (the dashboard's Reputation Score). */
export const ratingReceivedPayload = z.object({ order_id: z.string(), stars: z.number().int(), reputation_score: z.string() });
/** An open request appeared on /marketplace (`open`) or left it (taken, cancelled, timed out). */
export const marketplaceChangedPayload = z.object({ order_id: z.string(), coin: z.string(), open: z.boolean() });
export const offersChangedPayload = z.object({ coin: z.string() });
/** One of the receiver's chain deposits: its status and confirmations now (at most one per deposit per watcher poll). */
export const depositChangedPayload = z.object({ deposit_id: z.string(), status: z.string(), confirmations: z.number().int() });
export const networksChangedPayload = z.object({ coin: z.string(), network: z.string() });
export const coinsChangedPayload = z.object({ coin: z.string() });

/** What each event carries, for clients that validate. */
export const REALTIME_PAYLOADS = {
  "order.updated": orderUpdatedPayload,
  "order.changed": orderUpdatedPayload,
  "chat.message": chatMessageSchema,
  "chat.read": chatReadReceiptSchema.extend({ order_id: z.string() }),
  "chat.typing": chatTypingPayload,
  "notification.created": notificationSchema,
  "notifications.read": notificationsReadPayload,
  "badges.changed": badgesResponse,
  "merchant_chat.message": merchantChatMessageSchema,
  "live_chat.message": liveChatMessageSchema,
  "live_chat.session": liveChatSessionSchema,
  "appeal.opened": z.object({ order_id: z.string(), reason: z.string().nullable() }),
  "admin.queue_changed": adminQueueChangedPayload,
  "rating.received": ratingReceivedPayload,
  "marketplace.changed": marketplaceChangedPayload,
  "offers.changed": offersChangedPayload,
  "deposit.changed": depositChangedPayload,
  "networks.changed": networksChangedPayload,
  "coins.changed": coinsChangedPayload,
} as const satisfies Record<RealtimeEventName, z.ZodType>;

export const serverFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), user_id: z.string() }),
  z.object({
    type: z.literal("event"),
    id: z.number().int().nullable(),
    topic: z.string(),
    event: z.string(),
    payload: z.unknown(),
  }),
  z.object({ type: z.literal("subscribed"), topic: z.string(), last_event_id: z.number().int() }),
  z.object({ type: z.literal("unsubscribed"), topic: z.string() }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string(), topic: z.string().optional() }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;
