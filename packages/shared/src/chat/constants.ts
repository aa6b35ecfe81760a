/*
 * The chats' limits, message kinds and live-chat statuses, apart from the schemas in
 * schemas/chat.ts, so that a screen needing only these (the chat composer) does not load zod and
 * build the schemas (importing a schema module builds all of them).
 */

export const CHAT_MESSAGE_MAX_CHARS = 2000;
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

export const CHAT_MESSAGE_KINDS = ["system", "text", "image"] as const;
/** What a chat list or a notification shows for an image message without text. */
export const CHAT_IMAGE_LABEL = "Photo";

export const LIVE_CHAT_STATUSES = ["waiting", "open", "closed"] as const;
export type LiveChatStatus = (typeof LIVE_CHAT_STATUSES)[number];
export const LIVE_CHAT_SENDER_TYPES = ["admin", "user"] as const;
