import { and, eq, isNull, sql } from "drizzle-orm";
import { CHAT_TEXTS, type Badges } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { liveChatMessages, liveChatSessions, notifications } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { badgesAfterRead } from "../badges/publish-badges.js";
import { markNotificationsRead } from "../notifications/mark-notifications-read.js";
import type { Caller } from "../orders/order-actors.js";
import { loadSession } from "./session-access.js";

/**
 * The owner has read their live chat up to a message: the mark only moves forward, support's
 * "New message from Support" notifications become read, and every tab gets the fresh badges.
 * Only the owner has a read mark (anyone else: 404). Answers the owner's fresh badges.
 */
export async function markLiveChatRead(options: { db: Db; caller: Caller; sessionId: string; upToId: string }): Promise<Badges> {
  const { db, caller } = options;
  return transact(db, async (tx) => {
    const session = await loadSession(tx, options.sessionId, caller, { lock: true });
    if (session.userId !== caller.id) throw new AppError("NOT_FOUND", CHAT_TEXTS.liveChatNotFound);
    const [message] = await tx
      .select({ seq: liveChatMessages.seq })
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.id, options.upToId), eq(liveChatMessages.sessionId, session.id)));
    if (!message) throw new AppError("VALIDATION_FAILED", "up_to_id: no such message in this chat.", { up_to_id: CHAT_TEXTS.noSuchMessage });
    const moved = await tx
      .update(liveChatSessions)
      .set({ ownerReadSeq: message.seq })
      .where(and(eq(liveChatSessions.id, session.id), sql`${liveChatSessions.ownerReadSeq} < ${message.seq}`))
      .returning({ id: liveChatSessions.id });
    await markNotificationsRead({
      db: tx,
      userId: caller.id,
      ids: null,
      where: and(isNull(notifications.orderId), eq(notifications.type, "new_message")),
    });
    return badgesAfterRead(tx, caller, moved.length > 0);
  });
}
