import { CHAT_TEXTS } from "@p2p/shared";
import { and, desc, eq, lt } from "drizzle-orm";
import type { ChatHistoryQuery, ChatMessagesResponse } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { chatMessages, chatReads, profiles, uploads } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import type { Caller } from "../orders/order-actors.js";
import { presentImageRef } from "../uploads/present-upload.js";
import { loadChatOrder } from "./chat-access.js";
import { presentChatMessage } from "./present-message.js";

/** A page of an order's chat, oldest first: the latest `limit` messages, or those before a message. */
export async function listChatMessages(options: { db: Db; caller: Caller; orderId: string; query: ChatHistoryQuery }): Promise<ChatMessagesResponse> {
  const { db, query } = options;
  const order = await loadChatOrder(db, options.orderId, options.caller, "read");
  let beforeSeq: number | null = null;
  if (query.before) {
    const [anchor] = await db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, query.before), eq(chatMessages.orderId, order.id)));
    if (!anchor) throw new AppError("VALIDATION_FAILED", "before: no such message in this chat.", { before: CHAT_TEXTS.noSuchMessage });
    beforeSeq = anchor.seq;
  }
  // The page and the read marks are independent reads: side by side, on two connections.
  const [rows, reads] = await Promise.all([
    db
      .select({
        id: chatMessages.id,
        orderId: chatMessages.orderId,
        kind: chatMessages.kind,
        senderId: chatMessages.senderId,
        senderUsername: profiles.username,
        content: chatMessages.content,
        createdAt: chatMessages.createdAt,
        imageId: uploads.id,
        imageType: uploads.contentType,
        imageWidth: uploads.width,
        imageHeight: uploads.height,
      })
      .from(chatMessages)
      .leftJoin(profiles, eq(profiles.id, chatMessages.senderId))
      .leftJoin(uploads, eq(uploads.id, chatMessages.uploadId))
      .where(beforeSeq === null ? eq(chatMessages.orderId, order.id) : and(eq(chatMessages.orderId, order.id), lt(chatMessages.seq, beforeSeq)))
      .orderBy(desc(chatMessages.seq))
      .limit(query.limit + 1),
    db
      .select({ userId: chatReads.userId, upToId: chatReads.lastReadId, readAt: chatReads.readAt })
      .from(chatReads)
      .where(eq(chatReads.orderId, order.id)),
  ]);
  return {
    messages: rows
      .slice(0, query.limit)
      .reverse()
      .map((r) =>
        presentChatMessage({ ...r, image: presentImageRef({ id: r.imageId, contentType: r.imageType, width: r.imageWidth, height: r.imageHeight }) }),
      ),
    has_more: rows.length > query.limit,
    reads: reads.map((r) => ({ user_id: r.userId, up_to_id: r.upToId, read_at: r.readAt.toISOString() })),
  };
}
