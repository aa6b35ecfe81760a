import { sql } from "drizzle-orm";
import { CHAT_IMAGE_LABEL, notificationPreview, REALTIME_EVENTS, type ChatMessage, type ImageRef, CHAT_TEXTS, fillTemplate } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { chatMessages, chatReads } from "../db/schema.js";
import { notify } from "../notifications/notify.js";
import { participantsOf, type OrderRow } from "../orders/order-actors.js";
import { appendEvent } from "../realtime/append-event.js";
import { orderTopic } from "../realtime/topics.js";
import { presentChatMessage } from "./present-message.js";

/**
 * Writes a person's message into an order's chat inside the caller's transaction: the row (an
 * `image` message when it carries an already attached upload), the sender's read mark moved to
 * it, `chat.message` on the order's topic, and a new_message notification to every other
 * participant with a 50-character preview ("Photo" for an image without text).
 */
export async function writeChatMessage(
  tx: Tx,
  options: { order: OrderRow; senderId: string; senderUsername: string; content: string; image: ImageRef | null; preview?: string },
): Promise<ChatMessage> {
  const { order, senderId, senderUsername, content, image } = options;
  const [row] = await tx
    .insert(chatMessages)
    .values({ orderId: order.id, senderId, kind: image ? "image" : "text", content, uploadId: image?.id ?? null })
    .returning();
  const message = presentChatMessage({ ...row!, senderUsername, image });
  await tx
    .insert(chatReads)
    .values({ orderId: order.id, userId: senderId, lastReadSeq: row!.seq, lastReadId: row!.id })
    .onConflictDoUpdate({
      target: [chatReads.orderId, chatReads.userId],
      set: {
        lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`,
        lastReadId: sql`case when excluded.last_read_seq > ${chatReads.lastReadSeq} then excluded.last_read_id else ${chatReads.lastReadId} end`,
        readAt: sql`now()`,
      },
    });
  await appendEvent(tx, orderTopic(order.id), REALTIME_EVENTS.chatMessage, message);
  const preview = options.preview ?? (content ? notificationPreview(content) : CHAT_IMAGE_LABEL);
  await notify(
    tx,
    participantsOf(order)
      .filter((id) => id !== senderId)
      .map((userId) => ({
        userId,
        type: "new_message" as const,
        title: fillTemplate(CHAT_TEXTS.newMessageFrom, { username: senderUsername }),
        message: preview,
        orderId: order.id,
      })),
  );
  return message;
}
