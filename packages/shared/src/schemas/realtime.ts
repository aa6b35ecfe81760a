import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { chatMessageSchema, chatReadReceiptSchema, liveChatMessageSchema, liveChatSessionSchema, merchantChatMessageSchema } from "./chat.js";
import { unreadCountsResponse } from "./notifications.js";
import { notificationSchema } from "./orders.js";

/**
 * The /realtime WebSocket protocol (docs/API.md). Topics:
 * `user:<id>` (own notifications and badges), `order:<id>` (status and chat: participants and
 * admins), `merchants` (group chat: merchants and admins), `live-chat:<id>` (its owner and
 * admins), `admin` (admins: new live-chat sessions, new appeals).
 */
export const REALTIME_PATH = "/realtime";
export const REALTIME_MAX_SUBSCRIPTIONS = 200;

export const topicSchema = z
  .string()
  .max(100)
  .regex(/^(user|order|live-chat):[0-9a-f-]{36}$|^(merchants|admin)$/i, msg("Unknown topic."));

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

/** Event names, by topic. Ephemeral events (typing) carry id null and are never replayed. */
export const REALTIME_EVENTS = {
  orderUpdated: "order.updated",
  chatMessage: "chat.message",
  chatRead: "chat.read",
  chatTyping: "chat.typing",
  notificationCreated: "notification.created",
  notificationsRead: "notifications.read",
  orderChanged: "order.changed",
  merchantChatMessage: "merchant_chat.message",
  liveChatMessage: "live_chat.message",
  liveChatSession: "live_chat.session",
  appealOpened: "appeal.opened",
  adminQueueChanged: "admin.queue_changed",
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

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

/** The admins' work queues whose pending rows a person's action changed (the panel reloads that queue). */
export const ADMIN_QUEUES = ["deposits", "withdrawals", "complaints", "merchant_applications"] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];
export const adminQueueChangedPayload = z.object({ queue: z.enum(ADMIN_QUEUES) });
export type AdminQueueChanged = z.infer<typeof adminQueueChangedPayload>;

/** What each event carries, for clients that validate. */
export const REALTIME_PAYLOADS = {
  "order.updated": orderUpdatedPayload,
  "order.changed": orderUpdatedPayload,
  "chat.message": chatMessageSchema,
  "chat.read": chatReadReceiptSchema.extend({ order_id: z.string() }),
  "chat.typing": chatTypingPayload,
  "notification.created": notificationSchema,
  "notifications.read": notificationsReadPayload,
  "merchant_chat.message": merchantChatMessageSchema,
  "live_chat.message": liveChatMessageSchema,
  "live_chat.session": liveChatSessionSchema,
  "appeal.opened": z.object({ order_id: z.string(), reason: z.string().nullable() }),
  "admin.queue_changed": adminQueueChangedPayload,
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
