import { CHAT_TEXTS, fillTemplate, notificationPreview, REALTIME_EVENTS, type ChatMessage } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../ledger/prepared-query.js";
import { presentNotification } from "../notifications/present-notification.js";
import { participantsOf, type OrderRow } from "../orders/order-actors.js";
import { takeAppended, type AppendedRow } from "../realtime/append-event.js";
import { orderTopic, userTopic } from "../realtime/topics.js";
import { presentChatMessage } from "./present-message.js";

/**
 * A text message into an order's chat as one statement, the chat's hot path: the row, the
 * sender's read mark moved to it, a new_message notification to every other participant with a
 * 50-character preview, `chat.message` on the order's topic and `notification.created` on each
 * recipient's, and (an admin writing in a disputed order) the audit row. On its own the statement
 * is its own transaction, so nothing is half written and no BEGIN/COMMIT round trips are spent;
 * under an Idempotency-Key it joins the key's transaction. Same rows and events as
 * `writeChatMessage`, which image messages still take (their upload is attached first).
 *
 * Locks come in the order of every other writer of the chat (mark-chat-read.ts, the old
 * transaction): the read mark's row first, then the topics' advisory locks in \`append_events\`.
 * The sub-statements of a WITH run in no set order, so the events' input reads \`r\` to make
 * the read mark go first; two sends into one chat then queue on that row, never deadlock.
 *
 * The event payloads are the presenters' own shapes, with the id and time the database gave
 * each row put in by the statement (times kept to the millisecond, as JSON carries them), and
 * the answer is the payload the other party receives.
 */
export async function insertTextMessage(
  db: Db | Tx,
  options: { order: OrderRow; senderId: string; senderUsername: string; content: string; audited: boolean },
): Promise<ChatMessage> {
  const { order, senderId, senderUsername, content } = options;
  const message = presentChatMessage({ id: "", orderId: order.id, kind: "text", senderId, senderUsername, content, createdAt: new Date(0) });
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
    .filter((id) => id !== senderId)
    .map((id, i) => ({ user_id: id, topic: userTopic(id), ord: i + 1 }));
  const [row] = await runPrepared<{ events: AppendedRow[] }>(db, options.audited ? AUDITED : PLAIN, [
    order.id,
    senderId,
    content,
    orderTopic(order.id),
    JSON.stringify(message),
    JSON.stringify(recipients),
    notice.title,
    notice.message,
    JSON.stringify(notice),
  ]);
  const events = takeAppended(db, row!.events);
  return events[0]!.payload as ChatMessage;
}

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** $1 order, $2 sender, $3 content, $4 order topic, $5 message payload, $6 recipients, $7 title, $8 preview, $9 notification payload. */
const statement = (audited: boolean) => `
  with m as (
    insert into chat_messages (order_id, sender_id, kind, content, created_at)
    values ($1::uuid, $2::uuid, 'text', $3::text, date_trunc('milliseconds', now()))
    returning id, seq, created_at
  ), r as (
    insert into chat_reads (order_id, user_id, last_read_seq, last_read_id, created_at)
    select $1::uuid, $2::uuid, m.seq, m.id, now() from m
    on conflict (order_id, user_id) do update set
      last_read_seq = greatest(chat_reads.last_read_seq, excluded.last_read_seq),
      last_read_id = case when excluded.last_read_seq > chat_reads.last_read_seq then excluded.last_read_id else chat_reads.last_read_id end,
      created_at = now()
    returning 1 as moved
  ), p as (
    select x.user_id, x.topic, x.ord from jsonb_to_recordset($6::jsonb) as x(user_id uuid, topic text, ord int)
  ), n as (
    insert into notifications (user_id, title, message, type, order_id, created_at)
    select p.user_id, $7::text, $8::text, 'new_message', $1::uuid, m.created_at from m, p order by p.ord
    returning id, user_id, created_at
  ),${audited ? ` a as (
    insert into audit_log (actor_id, action, target_type, target_id, data)
    select $2::uuid, 'order_chat.admin_message', 'order', $1::uuid::text, jsonb_build_object('message_id', m.id) from m
  ),` : ""} e as (
    select * from append_events((
      select jsonb_agg(x.event order by x.ord) from (
        select 0 as ord, jsonb_build_object('ord', 0, 'topic', $4::text, 'type', '${REALTIME_EVENTS.chatMessage}',
          'payload', $5::jsonb || jsonb_build_object('id', m.id, 'created_at', to_char(m.created_at at time zone 'UTC', ${ISO_TIME}))) as event
        from m, r
        union all
        select p.ord, jsonb_build_object('ord', p.ord, 'topic', p.topic, 'type', '${REALTIME_EVENTS.notificationCreated}',
          'payload', $9::jsonb || jsonb_build_object('id', n.id, 'created_at', to_char(n.created_at at time zone 'UTC', ${ISO_TIME})))
        from n join p on p.user_id = n.user_id
      ) x
    ))
  )
  select coalesce((select json_agg(e order by e.event_id) from e), '[]') as events`;

const PLAIN = prepared(statement(false));
const AUDITED = prepared(statement(true));
