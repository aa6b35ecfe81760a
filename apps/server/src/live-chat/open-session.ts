import { sql } from "drizzle-orm";
import { notificationPreview, REALTIME_EVENTS, type LiveChatSession, CHAT_TEXTS, fillTemplate, ADMIN_TOPIC, liveChatTopic } from "@p2p/shared";
import type { Config } from "../config.js";
import { queryRows, type Db } from "../db/client.js";
import { transact } from "../db/transact.js";
import { userRoles, users } from "../db/schema.js";
import {
  fromRawNotification,
  notificationEvents,
  NOTIFICATION_TARGET,
  RAW_NOTIFICATION_COLUMNS,
  type RawNotificationRow,
} from "../notifications/notify.js";
import { appendEvents } from "../realtime/append-event.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { sessionById } from "./present-session.js";
import { sendLiveMessage } from "./send-live-message.js";

/**
 * Opens the caller's support session, or resumes the one still waiting or open (one per user,
 * guarded by a partial unique index). A new session notifies every admin (live_chat_request) and
 * the admin topic. An optional first message is sent with it.
 */
export async function openLiveChatSession(options: {
  db: Db;
  config: Config;
  userId: string;
  message?: string;
}): Promise<{ session: LiveChatSession; created: boolean }> {
  const { db, userId } = options;
  const result = await transact(db, async (tx) => {
    // The first message's unit is taken with the session, so a refused message opens nothing.
    if (options.message) await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.liveChat, userId);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`
      insert into live_chat_sessions (user_id) values (${userId})
      on conflict (user_id) where status <> 'closed' do nothing
      returning id`,
    );
    if (inserted.length === 0) {
      const [live] = await queryRows<{ id: string }>(tx, sql`select id from live_chat_sessions where user_id = ${userId} and status <> 'closed'`);
      return { id: live!.id, created: false };
    }
    const id = inserted[0]!.id;
    const [profile] = await queryRows<{ username: string }>(tx, sql`select username from profiles where id = ${userId}`);
    const username = profile?.username ?? CHAT_TEXTS.aUser;
    const message = options.message
      ? fillTemplate(CHAT_TEXTS.liveChatWaitingWithMessage, { username, message: notificationPreview(options.message) })
      : fillTemplate(CHAT_TEXTS.liveChatWaiting, { username });
    const notices = await queryRows<RawNotificationRow>(
      tx,
      sql`
      insert into ${sql.raw(NOTIFICATION_TARGET)}
      select ${userRoles.userId}, ${CHAT_TEXTS.liveChatRequestTitle}, ${message}, 'live_chat_request'
      from ${userRoles} join ${users} on ${users.id} = ${userRoles.userId} where ${userRoles.role} = 'admin' and ${users.suspendedAt} is null
      returning ${sql.raw(RAW_NOTIFICATION_COLUMNS)}`,
    );
    const session = (await sessionById(tx, id))!;
    await appendEvents(tx, [
      { topic: ADMIN_TOPIC, type: REALTIME_EVENTS.liveChatSession, payload: session },
      { topic: liveChatTopic(id), type: REALTIME_EVENTS.liveChatSession, payload: session },
      ...notificationEvents(notices.map(fromRawNotification)),
    ]);
    return { id, created: true };
  });
  if (options.message) {
    await sendLiveMessage({
      db,
      config: options.config,
      caller: { id: userId, role: "user" },
      sessionId: result.id,
      message: options.message,
      quotaTaken: true,
    });
  }
  return { session: (await sessionById(db, result.id))!, created: result.created };
}
