import { sql } from "drizzle-orm";
import { notificationPreview, REALTIME_EVENTS, type LiveChatMessage, CHAT_TEXTS, ADMIN_TOPIC, liveChatTopic } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { liveChatMessages, liveChatSessions } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { notify } from "../notifications/notify.js";
import type { Caller } from "../orders/order-actors.js";
import { appendEvents } from "../realtime/append-event.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { sessionById, presentLiveMessage } from "./present-session.js";
import { loadSession } from "./session-access.js";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.js";

/**
 * A message in a support session by its owner (sender_type user) or an admin (sender_type admin).
 * An admin's reply opens a waiting session and notifies the owner (spec §6), with the 50-character
 * preview. Events: `live_chat.message` on the session's topic, `live_chat.session` for the admins.
 */
export async function sendLiveMessage(options: {
  db: Db;
  config: Config;
  caller: Caller;
  sessionId: string;
  message: string;
  /** The message's unit of the sender's limit was taken already (with the session that it opens). */
  quotaTaken?: boolean;
}): Promise<LiveChatMessage> {
  const { db, caller, message } = options;
  return transact(db, async (tx) => {
    if (!options.quotaTaken) await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.liveChat, caller.id);
    const session = await loadSession(tx, options.sessionId, caller, { lock: true });
    if (session.status === "closed") throw new AppError("LIVE_CHAT_CLOSED", CHAT_TEXTS.liveChatSessionClosed);
    const senderType = session.userId === caller.id ? "user" : "admin";
    const [row] = await tx.insert(liveChatMessages).values({ sessionId: session.id, senderId: caller.id, senderType, message }).returning();
    await tx
      .update(liveChatSessions)
      .set({ lastMessageAt: sql`now()`, ...(senderType === "admin" && session.status === "waiting" ? { status: "open" } : {}) })
      .where(eq(liveChatSessions.id, session.id));
    if (senderType === "admin") {
      await notify(tx, [
        { userId: session.userId, type: "new_message", title: CHAT_TEXTS.newMessageFromSupport, message: notificationPreview(message) },
      ]);
      await recordAudit(tx, {
        actorId: caller.id,
        action: "live_chat.replied",
        targetType: "live_chat_session",
        targetId: session.id,
        data: { user_id: session.userId },
      });
    }
    const presented = presentLiveMessage(row!);
    const summary = (await sessionById(tx, session.id))!;
    await appendEvents(tx, [
      { topic: liveChatTopic(session.id), type: REALTIME_EVENTS.liveChatMessage, payload: presented },
      { topic: ADMIN_TOPIC, type: REALTIME_EVENTS.liveChatSession, payload: summary },
    ]);
    return presented;
  });
}
