import { randomUUID } from "node:crypto";
import { CHAT_TEXTS, fillTemplate, notificationPreview, REALTIME_EVENTS, type ChatMessage } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { presentNotification } from "../notifications/present-notification.js";
import { participantsOf, type OrderRow } from "../orders/order-actors.js";
import { takeAppended, type AppendedRow } from "../realtime/append-event.js";
import { orderTopic, userTopic } from "../realtime/topics.js";
import { ACCOUNT_QUOTAS } from "../http/account-quota.js";
import { presentChatMessage } from "./present-message.js";

export type TextMessage = {
  order: OrderRow;
  senderId: string;
  senderUsername: string;
  content: string;
  audited: boolean;
  /** The sender's order-chat limit (ACCOUNT_QUOTAS.orderChat), null when limits are off. */
  cap: number | null;
};

/**
 * Text messages into order chats as one statement, the chat's hot path (several at once when
 * the write queue groups them, see write-queue.ts). For each message: the row, the sender's read
 * mark moved to it, a new_message notification to every other participant with a 50-character
 * preview, `chat.message` on the order's topic and `notification.created` on each recipient's,
 * and (an admin writing in a disputed order) the audit row. On its own the statement is its own
 * transaction, so nothing is half written and no BEGIN/COMMIT round trips are spent; under an
 * Idempotency-Key it joins the key's transaction. Same rows and events as `writeChatMessage`,
 * which image messages still take (their upload is attached first).
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
export async function insertTextMessages(db: Db | Tx, messages: TextMessage[]): Promise<(ChatMessage | null)[]> {
  const input = messages.map((m, ord) => inputOf(m, ord));
  const [row] = await runPrepared<{ events: AppendedRow[] }>(db, STATEMENT, [JSON.stringify(input)]);
  const events = takeAppended(db, row!.events);
  const byId = new Map<string, ChatMessage>();
  for (const e of events) if (e.type === REALTIME_EVENTS.chatMessage) byId.set((e.payload as ChatMessage).id, e.payload as ChatMessage);
  return input.map((i) => byId.get(i.id) ?? null);
}

/** Ranks leave room for each message's notifications after its own event: ord × this + rank. */
const EVENTS_PER_MESSAGE = 16;

function inputOf(m: TextMessage, ord: number) {
  const id = randomUUID();
  const { order, senderId, senderUsername, content, cap } = m;
  const message = presentChatMessage({ id, orderId: order.id, kind: "text", senderId, senderUsername, content, createdAt: new Date(0) });
  const notice = presentNotification({
    id: "",
    userId: "",
    title: fillTemplate(CHAT_TEXTS.newMessageFrom, { username: senderUsername }),
    message: notificationPreview(content),
    type: "new_message",
    isRead: false,
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
    content,
    topic: orderTopic(order.id),
    message,
    notice,
    recipients,
    audited: m.audited,
    cap,
  };
}

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const STATEMENT = prepared(`
  with given as (
    select * from jsonb_to_recordset($1::jsonb) as x(
      rank int, id uuid, order_id uuid, sender_id uuid, content text, topic text, message jsonb, notice jsonb, recipients jsonb, audited boolean, cap int)
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
    insert into chat_messages (id, order_id, sender_id, kind, content, created_at)
    select i.id, i.order_id, i.sender_id, 'text', i.content, date_trunc('milliseconds', now()) from i order by i.rank
    returning id, seq, created_at
  ), r as (
    insert into chat_reads (order_id, user_id, last_read_seq, last_read_id, created_at)
    select * from (
      select distinct on (i.order_id, i.sender_id) i.order_id, i.sender_id, m.seq, m.id, now()
      from i join m on m.id = i.id order by i.order_id, i.sender_id, m.seq desc
    ) latest order by 1, 2
    on conflict (order_id, user_id) do update set
      last_read_seq = greatest(chat_reads.last_read_seq, excluded.last_read_seq),
      last_read_id = case when excluded.last_read_seq > chat_reads.last_read_seq then excluded.last_read_id else chat_reads.last_read_id end,
      created_at = now()
    returning 1 as moved
  ), p as (
    select i.id as message_id, i.order_id, i.notice, x.id, x.user_id, x.topic, x.rank
    from i, jsonb_to_recordset(i.recipients) as x(id uuid, user_id uuid, topic text, rank int)
  ), n as (
    insert into notifications (id, user_id, title, message, type, order_id, created_at)
    select p.id, p.user_id, p.notice->>'title', p.notice->>'message', 'new_message', p.order_id, m.created_at
    from p join m on m.id = p.message_id order by p.rank
    returning id, created_at
  ), a as (
    insert into audit_log (actor_id, action, target_type, target_id, data)
    select i.sender_id, 'order_chat.admin_message', 'order', i.order_id::text, jsonb_build_object('message_id', i.id)
    from i where i.audited
  ), e as (
    select * from append_events((
      select jsonb_agg(x.event order by x.rank) from (
        select i.rank, jsonb_build_object('ord', i.rank, 'topic', i.topic, 'type', '${REALTIME_EVENTS.chatMessage}',
          'payload', i.message || jsonb_build_object('created_at', to_char(m.created_at at time zone 'UTC', ${ISO_TIME}))) as event
        from i join m on m.id = i.id
        union all
        select p.rank, jsonb_build_object('ord', p.rank, 'topic', p.topic, 'type', '${REALTIME_EVENTS.notificationCreated}',
          'payload', p.notice || jsonb_build_object('id', n.id, 'created_at', to_char(n.created_at at time zone 'UTC', ${ISO_TIME})))
        from p join n on n.id = p.id
      ) x
      where (select count(*) from r) > 0
    ))
  )
  select coalesce((select json_agg(e order by e.event_id) from e), '[]') as events`);
