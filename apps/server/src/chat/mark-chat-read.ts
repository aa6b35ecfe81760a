import { and, eq, sql } from "drizzle-orm";
import { REALTIME_EVENTS, type Badges, type ChatReadReceipt, CHAT_TEXTS, orderTopic } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { chatMessages, chatReads, notifications } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { badgesAfterRead } from "../badges/publish-badges.js";
import { markNotificationsRead } from "../notifications/mark-notifications-read.js";
import type { Caller } from "../orders/order-actors.js";
import { appendEvent } from "../realtime/append-event.js";
import { loadChatOrder } from "./chat-access.js";

/**
 * A read receipt: the caller has read the order's chat up to a message. The mark only moves
 * forward; a move sends `chat.read` to the order's topic and clears the caller's new_message
 * notifications of the order; `badges.changed` gives the caller's tabs and devices the fresh counts,
 * and the answer gives them to the caller's own tab.
 */
export async function markChatRead(options: {
  db: Db;
  caller: Caller;
  orderId: string;
  upToId: string;
}): Promise<{ read: ChatReadReceipt; badges: Badges }> {
  const { db, caller } = options;
  const order = await loadChatOrder(db, options.orderId, caller, "write");
  return transact(db, async (tx) => {
    const [message] = await tx
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, options.upToId), eq(chatMessages.orderId, order.id)));
    if (!message) throw new AppError("VALIDATION_FAILED", "up_to_id: no such message in this chat.", { up_to_id: CHAT_TEXTS.noSuchMessage });
    const [moved] = await tx
      .insert(chatReads)
      .values({ orderId: order.id, userId: caller.id, lastReadSeq: message.seq, lastReadId: options.upToId })
      .onConflictDoUpdate({
        target: [chatReads.orderId, chatReads.userId],
        set: { lastReadSeq: message.seq, lastReadId: options.upToId, readAt: sql`now()` },
        setWhere: sql`${chatReads.lastReadSeq} < ${message.seq}`,
      })
      .returning();
    const [current] = moved
      ? [moved]
      : await tx
          .select()
          .from(chatReads)
          .where(and(eq(chatReads.orderId, order.id), eq(chatReads.userId, caller.id)));
    const receipt = { user_id: caller.id, up_to_id: current!.lastReadId, read_at: current!.readAt.toISOString() };
    if (moved) await appendEvent(tx, orderTopic(order.id), REALTIME_EVENTS.chatRead, { ...receipt, order_id: order.id });
    await markNotificationsRead({
      db: tx,
      userId: caller.id,
      ids: null,
      where: and(eq(notifications.orderId, order.id), eq(notifications.type, "new_message")),
    });
    return { read: receipt, badges: await badgesAfterRead(tx, caller, !!moved) };
  });
}
