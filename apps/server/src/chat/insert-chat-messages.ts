import { randomUUID } from "node:crypto";
import {
  CHAT_IMAGE_LABEL,
  CHAT_TEXTS,
  notificationPreview,
  REALTIME_EVENTS,
  type ChatMessage,
  type ImageRef,
  orderTopic,
  userTopic,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { auditLog, chatMessages, chatReads, idempotencyKeys, notifications, orders, profiles } from "../db/schema.js";
import { columnName, columnNames, insertTarget, sqlString, tableName, templateSql } from "../db/sql-names.js";
import { liveSessionSql, SessionUnproven, type SessionProof } from "../auth/session-proof.js";
import { sessionsSeenSql } from "../auth/current-user.js";
import type { AppError } from "../http/errors.js";
import { presentNotification } from "../notifications/present-notification.js";
import { orderNotFound } from "../orders/load-order.js";
import { takeAppended, type AppendedRow } from "../realtime/append-event.js";
import { ACCOUNT_QUOTAS, quotaRefused } from "../http/account-quota.js";
import type { KeyClaim } from "../http/idempotency.js";
import { presentChatMessage } from "./present-message.js";

/** The name a message and its notification give a sender without a profile. */
const NAMELESS_SENDER = "a trader";

export type NewChatMessage = {
  orderId: string;
  senderId: string;
  content: string;
  /** The already attached upload of an `image` message. */
  image?: ImageRef | null;
  /** The sender's order-chat limit (ACCOUNT_QUOTAS.orderChat), null when limits are off. */
  cap: number | null;
  /**
   * A message taken on its token's word (auth/session-proof.ts): written only if this session is
   * live and the sender a party to the order. Without it, the caller has read the session and
   * checked the sender's right to write (chat-access.ts).
   */
  proof?: SessionProof;
  /**
   * With a proof, the request's Idempotency-Key: the message is written only if the statement
   * claims the key, storing its answer there as `answerOnce` would (http/idempotency.ts). A key
   * already taken writes nothing and answers SessionUnproven, for the request to run again, with
   * the session read first, through `answerOnce`, which replays or refuses as for any request.
   */
  key?: KeyClaim;
};

/** Why a message was not written: over its sender's limit, its session not proved, its order gone. */
export type NotWritten = AppError | SessionUnproven;

/**
 * Messages of persons into order chats as one statement: the one writer of text and image
 * messages, and the chat's hot path (several text messages at once when the write queue groups
 * them, see write-queue.ts). For each message: the row (an `image` message when it carries an
 * already attached upload), the sender's read mark moved to it, a new_message notification to
 * every other party to the order with the sender's name and a 50-character preview ("Photo" for
 * an image without text), `chat.message` on the order's topic and `notification.created` on
 * each recipient's, and (an admin writing in a disputed order) the audit row. On its own the
 * statement is its own transaction, so nothing is half written and no BEGIN/COMMIT round trips
 * are spent; in `answerOnce`'s transaction (a request under an Idempotency-Key whose session was
 * read first), or after an image's upload is attached (`writeChatMessage`), it joins the caller's
 * transaction. Tables and columns are named from the Drizzle schema (db/sql-names.ts).
 *
 * The statement reads what a message needs of its order and sender itself: the order's parties
 * (who is notified; a sender who is none of them is an admin, whose message is audited) and the
 * sender's username. A message taken on its token's word is also checked there: its session must
 * be live and its sender a party, or nothing of it is written and it answers SessionUnproven, for
 * the caller to run it again with the session read first. So a text message costs one round trip.
 *
 * The statement then takes each sender's units of their message limit (`take_account_quota`,
 * as every per-account limit: http/account-quota.ts), one call per sender for all their messages
 * in it, senders sorted; a message beyond what was granted is not written and answers the limit's
 * refusal.
 *
 * Locks come in the order of every other writer of a chat (mark-chat-read.ts): the senders'
 * limit rows (sorted), then the read marks' rows (sorted), then the topics' advisory locks,
 * sorted, in `append_events`. The
 * sub-statements of a WITH run in no set order, so the events' input counts `r` to make every
 * read mark go first; concurrent writers then queue, never deadlock. A proved session's "last
 * used" moves as when it is read first (current-user.ts), also before the topics' locks (the
 * events' input counts `seen` too), as in an order move, whose events come after its statement:
 * a move and a message of one session never wait on each other's locks. The write queue never
 * runs two statements with one sender's messages, so two statements never wait on one session's
 * row.
 *
 * A message taken on its token's word with an Idempotency-Key claims the key in the statement:
 * the key row, with the answer the sender gets (201 and the message), is inserted with the
 * message, so a phone's message and its key cost one commit, shared with others' messages. That
 * answer's text is handed back in the claim (`key.answer`), to be sent as stored.
 *
 * The event payloads are the presenters' own shapes, with the sender's name and the time the
 * database gave each row put in by the statement (kept to the millisecond, as JSON carries it);
 * each answer is the payload the other party receives. Message ids are made here, to find each
 * message's events.
 */
export async function insertChatMessages(db: Db | Tx, messages: NewChatMessage[]): Promise<(ChatMessage | NotWritten)[]> {
  const input = messages.map((m, ord) => inputOf(m, ord));
  const [row] = await runPrepared<{ events: AppendedRow[]; unproven: string[]; answers: Record<string, string> }>(db, STATEMENT, [
    JSON.stringify(input),
  ]);
  const events = takeAppended(db, row!.events);
  const unproven = new Set(row!.unproven);
  const byId = new Map<string, ChatMessage>();
  for (const e of events) if (e.type === REALTIME_EVENTS.chatMessage) byId.set((e.payload as ChatMessage).id, e.payload as ChatMessage);
  return input.map(({ id }, i): ChatMessage | NotWritten => {
    const proof = messages[i]!.proof;
    if (unproven.has(id)) return proof ? new SessionUnproven() : orderNotFound();
    if (proof) proof.proven = true;
    const key = messages[i]!.key;
    if (key && proof) key.answer = row!.answers[id];
    return byId.get(id) ?? quotaRefused(ACCOUNT_QUOTAS.orderChat);
  });
}

/** Ranks leave room for each message's notifications after its own event: ord × this + rank. */
const EVENTS_PER_MESSAGE = 16;

function inputOf(m: NewChatMessage, ord: number) {
  const id = randomUUID();
  const { orderId, senderId, content, cap } = m;
  const image = m.image ?? null;
  const kind = image ? "image" : "text";
  const message = presentChatMessage({ id, orderId, kind, senderId, senderUsername: null, content, image, createdAt: new Date(0) });
  const notice = presentNotification({
    id: "",
    userId: "",
    title: "",
    message: content ? notificationPreview(content) : CHAT_IMAGE_LABEL,
    type: "new_message",
    isRead: false,
    details: null,
    orderId,
    createdAt: new Date(0),
  });
  return {
    rank: ord * EVENTS_PER_MESSAGE,
    id,
    order_id: orderId,
    sender_id: senderId,
    session_id: m.proof?.sessionId ?? null,
    idem_key: m.proof ? (m.key?.key ?? null) : null,
    request_hash: m.proof ? (m.key?.requestHash ?? null) : null,
    kind,
    content,
    upload_id: image?.id ?? null,
    topic: orderTopic(orderId),
    message,
    notice,
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

const O = columnNames(orders, ["id", "creatorId", "merchantId", "buyerId", "sellerId"]);
const K = columnNames(idempotencyKeys, ["userId", "key", "responseBody"]);
const KEY_TARGET = insertTarget(idempotencyKeys, ["userId", "key", "requestHash", "responseStatus", "responseBody"]);

const STATEMENT = prepared(`
  with given as (
    select * from jsonb_to_recordset($1::jsonb) as x(
      rank int, id uuid, order_id uuid, sender_id uuid, session_id uuid, idem_key text, request_hash text, kind text, content text,
      upload_id uuid, topic text, message jsonb, notice jsonb, cap int)
  ), c0 as (
    select g.*, o.parties, g.sender_id = any(o.parties) as party,
      coalesce((select ${columnName(profiles, "username")} from ${tableName(profiles)} where id = g.sender_id), ${sqlString(NAMELESS_SENDER)}) as username,
      row_number() over (partition by g.sender_id, g.idem_key order by g.rank) as key_nth
    from given g
    cross join lateral (
      select array[${O.creatorId}, ${O.merchantId}, ${O.buyerId}, ${O.sellerId}] as parties from ${tableName(orders)} where ${O.id} = g.order_id limit 1
    ) o
    where g.session_id is null
      or (g.sender_id = any(o.parties) and ${liveSessionSql("g.session_id", "g.sender_id")}
        and (g.idem_key is null
          or not exists (select 1 from ${tableName(idempotencyKeys)} k where k.${K.userId} = g.sender_id and k.${K.key} = g.idem_key)))
  ), c as (
    select * from c0 where c0.idem_key is null or c0.key_nth = 1
  ), seen as (
    ${sessionsSeenSql("= any (array(select c.session_id from c where c.session_id is not null))")}
    returning 1 as moved
  ), q as (
    select s.sender_id, case when s.cap is null then s.n
      else take_account_quota(s.sender_id, '${ACCOUNT_QUOTAS.orderChat.name}', interval '${ACCOUNT_QUOTAS.orderChat.span}', s.cap, s.n) end as granted
    from (select sender_id, min(cap) as cap, count(*)::int as n from c group by sender_id order by sender_id) s
  ), g as (
    select g.*, g.message || jsonb_build_object('sender_username', g.username,
      'created_at', to_char(date_trunc('milliseconds', now()) at time zone 'UTC', ${ISO_TIME})) as payload
    from (
      select c.*, row_number() over (partition by c.sender_id order by c.rank) as nth from c
    ) g join q on q.sender_id = g.sender_id
    where g.nth <= q.granted
  ), k as (
    insert into ${KEY_TARGET}
    select g.sender_id, g.idem_key, g.request_hash, 201, jsonb_build_object('message', g.payload)::text from g where g.idem_key is not null
    on conflict do nothing
    returning ${K.userId} as user_id, ${K.key} as key, ${K.responseBody} as answer
  ), i as (
    select g.* from g where g.idem_key is null or exists (select 1 from k where k.user_id = g.sender_id and k.key = g.idem_key)
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
    select i.id as message_id, i.order_id, i.notice, ${templateSql(CHAT_TEXTS.newMessageFrom, { username: "i.username" })} as title,
      gen_random_uuid() as id, x.user_id, ${sqlString(userTopic(""))} || x.user_id::text as topic, i.rank + x.nth as rank
    from i, lateral (
      select t.user_id, row_number() over (order by min(t.n)) as nth
      from unnest(i.parties) with ordinality as t(user_id, n)
      where t.user_id is not null and t.user_id <> i.sender_id
      group by t.user_id
    ) x
  ), n as (
    insert into ${NOTIFICATION_TARGET}
    select p.id, p.user_id, p.title, p.notice->>'message', 'new_message', p.order_id, m.${M.createdAt}
    from p join m on m.${M.id} = p.message_id order by p.rank
    returning ${N.id}, ${N.createdAt}
  ), a as (
    insert into ${AUDIT_TARGET}
    select i.sender_id, 'order_chat.admin_message', 'order', i.order_id::text, jsonb_build_object('message_id', i.id)
    from i where not i.party
  ), e as (
    select * from append_events((
      select jsonb_agg(x.event order by x.rank) from (
        select i.rank, jsonb_build_object('ord', i.rank, 'topic', i.topic, 'type', '${REALTIME_EVENTS.chatMessage}', 'payload', i.payload) as event
        from i join m on m.${M.id} = i.id
        union all
        select p.rank, jsonb_build_object('ord', p.rank, 'topic', p.topic, 'type', '${REALTIME_EVENTS.notificationCreated}',
          'payload', p.notice || jsonb_build_object('id', n.${N.id}, 'title', p.title,
            'created_at', to_char(n.${N.createdAt} at time zone 'UTC', ${ISO_TIME})))
        from p join n on n.${N.id} = p.id
      ) x
      where (select count(*) from r) > 0 and (select count(*) from seen) >= 0
    ))
  )
  select coalesce((select json_agg(e order by e.event_id) from e), '[]') as events,
    (select coalesce(json_agg(x.id), '[]') from given x
      where not exists (select 1 from c where c.id = x.id) or (x.id in (select g.id from g) and x.id not in (select i.id from i))) as unproven,
    (select coalesce(json_object_agg(i.id, k.answer), '{}') from i join k on k.user_id = i.sender_id and k.key = i.idem_key) as answers`);
