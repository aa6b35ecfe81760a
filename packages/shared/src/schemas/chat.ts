import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { NOTIFICATION_PREVIEW_CHARS } from "../constants.js";
import { imageRefSchema } from "./uploads.js";
import { pageQuery, pageSchema } from "./wallet.js";
import {
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_PAGE_DEFAULT,
  CHAT_PAGE_MAX,
  CHAT_MESSAGE_KINDS,
  LIVE_CHAT_STATUSES,
  LIVE_CHAT_SENDER_TYPES,
} from "../chat/constants.js";

/** Message text as typed: trimmed, 1 to 2,000 characters, stored and shown as plain text. */
const messageText = z
  .string()
  .trim()
  .min(1, msg("Write a message first."))
  .max(CHAT_MESSAGE_MAX_CHARS, msg("A message can be at most 2000 characters."));

/** History paging: messages older than `before` (a message id), newest page first, returned oldest first. */
export const chatHistoryQuery = z.strictObject({
  before: z.string().uuid("before must be a message id").optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

// ---- Order chat ----

export const chatMessageSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  /** Null for the system messages written with each order change. */
  sender_id: z.string().nullable(),
  sender_username: z.string().nullable(),
  /** Plain text; may be empty for an image message sent without a caption. */
  content: z.string(),
  /** The image of an `image` message (null otherwise). */
  image: imageRefSchema.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendChatMessageRequest = z.strictObject({ content: messageText });
export type SendChatMessageRequest = z.infer<typeof sendChatMessageRequest>;

/** An order chat message: text, an uploaded image (POST /api/uploads first), or both. */
export const sendOrderChatMessageRequest = z
  .strictObject({
    content: z.string().trim().max(CHAT_MESSAGE_MAX_CHARS, msg("A message can be at most 2000 characters.")).optional(),
    upload_id: z.string().uuid("upload_id must be an upload id").optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.content && !v.upload_id) ctx.addIssue({ code: "custom", path: ["content"], message: msg("Write a message first.") });
  });
export type SendOrderChatMessageRequest = z.input<typeof sendOrderChatMessageRequest>;

export const chatReadReceiptSchema = z.object({ user_id: z.string(), up_to_id: z.string(), read_at: z.string() });
export type ChatReadReceipt = z.infer<typeof chatReadReceiptSchema>;

export const chatMessagesResponse = z.object({
  messages: z.array(chatMessageSchema),
  /** True when older messages exist: ask again with before = the first message's id. */
  has_more: z.boolean(),
  /** Where each participant has read up to. */
  reads: z.array(chatReadReceiptSchema),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponse>;

export const markChatReadRequest = z.strictObject({ up_to_id: z.string().uuid("up_to_id must be a message id") });
export type MarkChatReadRequest = z.infer<typeof markChatReadRequest>;

export const chatSummarySchema = z.object({
  order_id: z.string(),
  coin: z.string(),
  status: z.string(),
  /** The person on the other side of the order (null for an open request nobody took yet). */
  counterpart: z.object({ id: z.string(), username: z.string() }).nullable(),
  last_message: chatMessageSchema.nullable(),
  unread: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
export const listChatsQuery = z.strictObject({ ...pageQuery });

// ---- Merchant group chat ----
export const merchantChatMessageSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  sender_username: z.string(),
  sender_role: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type MerchantChatMessage = z.infer<typeof merchantChatMessageSchema>;
export const merchantChatMessagesResponse = z.object({ messages: z.array(merchantChatMessageSchema), has_more: z.boolean() });
export const merchantChatUnseenQuery = z.strictObject({
  since: z.iso.datetime({ offset: true, message: "since must be an ISO date-time" }).optional(),
});
export const merchantChatUnseenResponse = z.object({ unseen: z.number().int() });

// ---- Live chat (support) ----

export const liveChatSessionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  status: z.enum(LIVE_CHAT_STATUSES),
  created_at: z.string(),
  last_message_at: z.string().nullable(),
  last_message: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type LiveChatSession = z.infer<typeof liveChatSessionSchema>;

export const liveChatMessageSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  sender_id: z.string(),
  sender_type: z.enum(LIVE_CHAT_SENDER_TYPES),
  message: z.string(),
  created_at: z.string(),
});
export type LiveChatMessage = z.infer<typeof liveChatMessageSchema>;

export const openLiveChatRequest = z.strictObject({ message: messageText.optional() });
export type OpenLiveChatRequest = z.input<typeof openLiveChatRequest>;
export const sendLiveChatMessageRequest = z.strictObject({ message: messageText });
export const liveChatSessionResponse = z.object({ session: liveChatSessionSchema });
export const myLiveChatResponse = z.object({ session: liveChatSessionSchema.nullable() });
export const liveChatMessagesResponse = z.object({ messages: z.array(liveChatMessageSchema), has_more: z.boolean() });
export const adminLiveChatQuery = z.strictObject({ status: z.enum(["waiting", "open"]).optional(), ...pageQuery });
export const adminLiveChatListResponse = pageSchema.extend({ sessions: z.array(liveChatSessionSchema) });

/** The preview a chat notification carries (spec §9): the first 50 characters plus '...'. */
export function notificationPreview(text: string, max = NOTIFICATION_PREVIEW_CHARS): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/** GET /api/chats: the order chats of one page, and the caller's live chat with support above them (null when none is open). */
export const chatListResponse = pageSchema.extend({
  chats: z.array(chatSummarySchema),
  live_chat: z.object({ session: liveChatSessionSchema, unread: z.number().int() }).nullable(),
});
export type ChatListResponse = z.infer<typeof chatListResponse>;

export const markLiveChatReadRequest = z.strictObject({ up_to_id: z.string().uuid("up_to_id must be a message id") });
export const markMerchantChatReadRequest = z.strictObject({ up_to_id: z.string().uuid("up_to_id must be a message id") });
