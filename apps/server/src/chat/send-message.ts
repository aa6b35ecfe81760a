import { eq, sql } from "drizzle-orm";
import { notificationPreview, REALTIME_EVENTS, type ChatMessage } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { chatMessages, chatReads, profiles } from "../db/schema.js";
import { transact } from "../ledger/transact.js";
import { notify } from "../notifications/notify.js";
import { participantsOf, type Caller } from "../orders/order-actors.js";
import { appendEvent } from "../realtime/append-event.js";
import { orderTopic } from "../realtime/topics.js";
import { loadChatOrder } from "./chat-access.js";
import { presentChatMessage } from "./present-message.js";
import { assertChatRate } from "./rate-limit.js";

/**
 * A text message in an order's chat: stored as typed (plain text), a new_message notification
 * with a 50-character preview to every other participant, `chat.message` on the order's topic,
 * and the sender's own read mark moved to it — all in one transaction.
 */
export async function sendChatMessage(options: { db: Db; config: Config; caller: Caller; orderId: string; content: string }): Promise<ChatMessage> {
  const { db, caller, content } = options;
  const order = await loadChatOrder(db, options.orderId, caller, "write");
  await assertChatRate(db, options.config, "chat_messages", caller.id);
  return transact(db, async (tx) => {
    const [sender] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, caller.id));
    const username = sender?.username ?? "a trader";
    const [row] = await tx.insert(chatMessages).values({ orderId: order.id, senderId: caller.id, kind: "text", content }).returning();
    const message = presentChatMessage({ ...row!, senderUsername: username });
    await tx
      .insert(chatReads)
      .values({ orderId: order.id, userId: caller.id, lastReadSeq: row!.seq, lastReadId: row!.id })
      .onConflictDoUpdate({
        target: [chatReads.orderId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, lastReadId: sql`case when excluded.last_read_seq > ${chatReads.lastReadSeq} then excluded.last_read_id else ${chatReads.lastReadId} end`, readAt: sql`now()` },
      });
    await appendEvent(tx, orderTopic(order.id), REALTIME_EVENTS.chatMessage, message);
    await notify(
      tx,
      participantsOf(order)
        .filter((id) => id !== caller.id)
        .map((userId) => ({ userId, type: "new_message" as const, title: `New message from ${username}`, message: notificationPreview(content), orderId: order.id })),
    );
    return message;
  });
}
