import { sql, type SQL } from "drizzle-orm";

/*
 * The one rule for an order chat's unread count, used by the chat list (per chat) and the badges
 * (their sum): messages from the other people in the chat after the person's read mark. The
 * system's status notices are not counted: each already reaches the person as a notification.
 * Both read orders as `o`, joined to the person's read mark as `r` by `chatReadJoin`.
 */

/** The person's read mark of order `o`, as `r`. */
export const chatReadJoin = (me: string): SQL => sql`left join chat_reads r on r.order_id = o.id and r.user_id = ${me}::uuid`;

/** The unread count of order `o`'s chat for the person. */
export const chatUnreadCount = (me: string): SQL =>
  sql`(select count(*)::int from chat_messages u
        where u.order_id = o.id and u.seq > coalesce(r.last_read_seq, 0) and u.sender_id is not null and u.sender_id <> ${me}::uuid)`;

/** The orders whose chat the person is in (as creator, merchant, buyer or seller). */
export const inChatOf = (me: string): SQL => sql`${me}::uuid in (o.creator_id, o.merchant_id, o.buyer_id, o.seller_id)`;
