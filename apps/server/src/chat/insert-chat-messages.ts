import { randomUUID } from "node:crypto";
import {
  CHAT_IMAGE_LABEL,
  CHAT_TEXTS,
  fillTemplate,
  notificationPreview,
  REALTIME_EVENTS,
  type ChatMessage,
  type ImageRef,
  orderTopic,
  userTopic,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { auditLog, chatMessages, chatReads, notifications } from "../db/schema.js";
import { columnNames, insertTarget, tableName } from "../db/sql-names.js";
import { presentNotification } from "../notifications/present-notification.js";
import { participantsOf } from "../orders/order-actors.js";
import type { ChatOrder } from "./chat-send-context.js";
import { takeAppended, type AppendedRow } from "../realtime/append-event.js";
import { ACCOUNT_QUOTAS } from "../http/account-quota.js";
import { presentChatMessage } from "./present-message.js";

export type NewChatMessage = {
  order: ChatOrder;
  senderId: string;
  senderUsername: string;
  content: string;
  /** The already attached upload of an `image` message. */
  image?: ImageRef | null;
  audited: boolean;
  /** The sender's order-chat limit (ACCOUNT_QUOTAS.orderChat), null when limits are off. */
  cap: number | null;
};

/**
 * Messages of persons into order chats as one statement: the one writer of text and image
 * messages, and the chat's hot path (several text messages at once when the write queue groups
 * them, see write-queue.ts). For each message: the row (an `image` message when it carries an
 * already attached upload), the sender's read mark moved to it, a new_message notification to
 * every other participant with a 50-character preview ("Photo" for an image without text),
 * `chat.message` on the order's topic and `notification.created` on each recipient's, and (an
 * admin writing in a disputed order) the audit row. On its own the statement is its own
 * transaction, so nothing is half written and no BEGIN/COMMIT round trips are spent; under an
 * Idempotency-Key, or after an image's upload is attached (`writeChatMessage`), it joins the
 * caller's transaction. Tables and columns are named from the Drizzle schema (db/sql-names.ts).
 *
 * The statement first takes each sender's units of their message limit (`take_account_quota`,
 * as every per-account limit: http/account-quota.ts), one call per sender for all their messages
 * in it, senders sorted; a message beyond what was granted is not written and answers null.
 *
 * Locks come in the order of every other writer of a chat (mark-chat-read.ts): the senders'
 * limit rows (sorted), then the read marks'
 * rows first (sorted), then the topics' advisory locks, sorted, in `append_events`. The
 * sub-statements of a WITH run in no set order, so the events' input counts `r` to make every
 * read mark go first; concurrent writers then queue, never deadlock.
 *
 * The event payloads are the presenters' own shapes, with the time the database gave each row
 * put in by the statement (kept to the millisecond, as JSON carries it); each answer is the
 * payload the other party receives. Row ids are made here, to find each message's events.
 */
export async function insertChatMessages(db: Db | Tx, messages: NewChatMessage[]): Promise<(ChatMessage | null)[]> {
  const input = messages.map((m, ord) => inputOf(m, ord));
  const [row] = await runPrepared<{ events: AppendedRow[] }>(db, STATEMENT, [JSON.stringify(input)]);
  const events = takeAppended(db, row!.events);
  const byId = new Map<string, ChatMessage>();
  for (const e of events) if (e.type === REALTIME_EVENTS.chatMessage) byId.set((e.payload as ChatMessage).id, e.payload as ChatMessage);
  return input.map((i) => byId.get(i.id) ?? null);
}

/** Ranks leave room for each message's notifications after its own event: ord × this + rank. */
const EVENTS_PER_MESSAGE = 16;

function inputOf(m: NewChatMessage, ord: number) {
  const id = randomUUID();
  const { order, senderId, senderUsername, content, cap } = m;
  const image = m.image ?? null;
  const kind = image ? "image" : "text";
  const message = presentChatMessage({ id, orderId: order.id, kind, senderId, senderUsername, content, image, createdAt: new Date(0) });
  const notice = presentNotification({
    id: "",
    userId: "",
    title: fillTemplate(CHAT_TEXTS.newMessageFrom, { username: senderUsername }),
    message: content ? notificationPreview(content) : CHAT_IMAGE_LABEL,
    type: "new_message",
    isRead: false,
    details: null,
    orderId: order.id,
    createdAt: new Date(0),
  });
  const recipients = participantsOf(order)
    .filter((userId) => userId !== senderId)
    .map((userId, i) => ({ id: randomUUID(), user_id: userId, topic: userTopic(userId), rank: ord * EVENTS_PER_MESSAGE + i + 1 }));
  return {
    rank: ord * EVENTS_PER_MESSAGE,
    id,
    order_id: order.id,
    sender_id: senderId,
    kind,
    content,
    upload_id: image?.id ?? null,
    topic: orderTopic(order.id),
    message,
    notice,
    recipients,
    audited: m.audited,
    cap,
  };
}

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const M = columnNames(chatMessages, ["id", "seq", "createdAt"]);
const MESSAGE_TARGET = insertTarget(chatMessages, ["id", "orderId", "senderId", "kind", "content", "uploadId", "createdAt"]);
const READS = tableName(chatReads);
const R = columnNames(chatReads, ["orderId", "userId", "lastReadSeq", "lastReadId", "readAt"]);
const READ_TARGET = insertTarget(chatReads, ["orderId", "userId", "lastReadSeq", "lastReadId", "readAt"]);
const N = columnNames(notifications, ["id", "createdAt"]);
const NOTIFICATION_TARGET = insertTarget(notifications, ["id", "userId", "title", "message", "type", "orderId", "createdAt"]);
const AUDIT_TARGET = insertTarget(auditLog, ["actorId", "action", "targetType", "targetId", "data"]);

const STATEMENT = prepared(`
  with given as (
    select * from jsonb_to_recordset($1::jsonb) as x(
      rank int, id uuid, order_id uuid, sender_id uuid, kind text, content text, upload_id uuid, topic text, message jsonb, notice jsonb, recipients jsonb,
      audited boolean, cap int)
  ), q as (
    select s.sender_id, case when s.cap is null then s.n
      else take_account_quota(s.sender_id, '${ACCOUNT_QUOTAS.orderChat.name}', interval '${ACCOUNT_QUOTAS.orderChat.span}', s.cap, s.n) end as granted
    from (select sender_id, min(cap) as cap, count(*)::int as n from given group by sender_id order by sender_id) s
  ), i as (
    select g.* from (
      select given.*, row_number() over (partition by given.sender_id order by given.rank) as nth from given
    ) g join q on q.sender_id = g.sender_id
    where g.nth <= q.granted
  ), m as (
    insert into ${MESSAGE_TARGET}
    select i.id, i.order_id, i.sender_id, i.kind, i.content, i.upload_id, date_trunc('milliseconds', now()) from i order by i.rank
    returning ${M.id}, ${M.seq}, ${M.createdAt}
  ), r as (
    insert into ${READ_TARGET}
    select * from (
      select distinct on (i.order_id, i.sender_id) i.order_id, i.sender_id, m.${M.seq}, m.${M.id}, now()
      from i join m on m.${M.id} = i.id order by i.order_id, i.sender_id, m.${M.seq} desc
    ) latest order by 1, 2
    on conflict (${R.orderId}, ${R.userId}) do update set
      ${R.lastReadSeq} = greatest(${READS}.${R.lastReadSeq}, excluded.${R.lastReadSeq}),
      ${R.lastReadId} = case when excluded.${R.lastReadSeq} > ${READS}.${R.lastReadSeq} then excluded.${R.lastReadId} else ${READS}.${R.lastReadId} end,
      ${R.readAt} = now()
    returning 1 as moved
  ), p as (
    select i.id as message_id, i.order_id, i.notice, x.id, x.user_id, x.topic, x.rank
    from i, jsonb_to_recordset(i.recipients) as x(id uuid, user_id uuid, topic text, rank int)
  ), n as (
    insert into ${NOTIFICATION_TARGET}
    select p.id, p.user_id, p.notice->>'title', p.notice->>'message', 'new_message', p.order_id, m.${M.createdAt}
    from p join m on m.${M.id} = p.message_id order by p.rank
    returning ${N.id}, ${N.createdAt}
  ), a as (
    insert into ${AUDIT_TARGET}
    select i.sender_id, 'order_chat.admin_message', 'order', i.order_id::text, jsonb_build_object('message_id', i.id)
    from i where i.audited
  ), e as (
    select * from append_events((
      select jsonb_agg(x.event order by x.rank) from (
        select i.rank, jsonb_build_object('ord', i.rank, 'topic', i.topic, 'type', '${REALTIME_EVENTS.chatMessage}',
          'payload', i.message || jsonb_build_object('created_at', to_char(m.${M.createdAt} at time zone 'UTC', ${ISO_TIME}))) as event
        from i join m on m.${M.id} = i.id
        union all
        select p.rank, jsonb_build_object('ord', p.rank, 'topic', p.topic, 'type', '${REALTIME_EVENTS.notificationCreated}',
          'payload', p.notice || jsonb_build_object('id', n.${N.id}, 'created_at', to_char(n.${N.createdAt} at time zone 'UTC', ${ISO_TIME})))
        from p join n on n.${N.id} = p.id
      ) x
      where (select count(*) from r) > 0
    ))
  )
  select coalesce((select json_agg(e order by e.event_id) from e), '[]') as events`);
