import { sql } from "drizzle-orm";
import { NOTIFICATION_TITLES, notificationTypeFor, REALTIME_EVENTS, statusNotice, type OrderAction } from "@p2p/shared";
import { queryRows, type Tx } from "../db/client.js";
import { presentChatMessage } from "../chat/present-message.js";
import { fromRawNotification, notificationEvents, type RawNotificationRow } from "../notifications/notify.js";
import { appendEvents, type NewEvent } from "../realtime/append-event.js";
import { ADMIN_TOPIC, orderTopic, userTopic } from "../realtime/topics.js";
import { chatNotice } from "./notices.js";
import { participantsOf, type OrderRow } from "./order-actors.js";

type Written =
  | { k: "c"; r: { id: string; order_id: string; kind: string; content: string; created_at: string } }
  | { k: "n"; r: RawNotificationRow };

/**
 * What every order change leaves behind, in its transaction: the status notice (spec §4) to each
 * participant but the actor, the system message in the order's chat and the audit row (one
 * statement), then the realtime events: `order.updated` and `chat.message` on the order's topic,
 * `order.changed` and `notification.created` on the participants' own topics, and
 * `appeal.opened` for the admins when the order enters a dispute.
 */
export async function recordOrderEvent(
  tx: Tx,
  order: OrderRow,
  action: OrderAction | "create",
  actorId: string | null,
  input: { actorRole?: string; reason?: string },
): Promise<void> {
  const type = notificationTypeFor(order.status);
  const participants = participantsOf(order);
  const recipients = participants.filter((id) => id !== actorId);
  const content = chatNotice(action, { order, actorRole: input.actorRole, reason: input.reason });
  const audit = JSON.stringify({ status: order.status, ...(input.reason ? { reason: input.reason } : {}) });
  const notices = recipients.length
    ? sql`, n as (
        insert into notifications (user_id, title, message, type, order_id)
        select r.id, ${NOTIFICATION_TITLES[type]}, ${statusNotice(order.status)}, ${type}, ${order.id}::uuid
        from unnest(${`{${recipients.join(",")}}`}::uuid[]) as r(id)
        returning id, user_id, title, message, type, is_read, order_id, created_at)`
    : sql``;
  const written = await queryRows<Written>(tx, sql`
    with c as (
      insert into chat_messages (order_id, sender_id, kind, content) values (${order.id}, null, 'system', ${content})
      returning id, order_id, kind, content, created_at
    )${notices}, a as (
      insert into audit_log (actor_id, action, target_type, target_id, data)
      values (${actorId}, ${`order.${action}`}, 'order', ${order.id}, ${audit}::jsonb)
    )
    select 'c' as k, row_to_json(c) as r from c
    ${recipients.length ? sql`union all select 'n' as k, row_to_json(n) as r from n` : sql``}`);

  const state = {
    order_id: order.id,
    status: order.status,
    current_step: order.currentStep,
    is_active: order.isActive,
    action,
    updated_at: new Date(order.updatedAt).toISOString(),
  };
  const events: NewEvent[] = [{ topic: orderTopic(order.id), type: REALTIME_EVENTS.orderUpdated, payload: state }];
  for (const w of written) {
    if (w.k !== "c") continue;
    const message = presentChatMessage({ id: w.r.id, orderId: w.r.order_id, kind: w.r.kind, senderId: null, senderUsername: null, content: w.r.content, createdAt: w.r.created_at });
    events.push({ topic: orderTopic(order.id), type: REALTIME_EVENTS.chatMessage, payload: message });
  }
  for (const id of participants) events.push({ topic: userTopic(id), type: REALTIME_EVENTS.orderChanged, payload: state });
  events.push(...notificationEvents(written.flatMap((w) => (w.k === "n" ? [fromRawNotification(w.r)] : []))));
  if (order.status === "disputed" && (action === "open_appeal" || action === "expire_confirmation")) {
    events.push({ topic: ADMIN_TOPIC, type: REALTIME_EVENTS.appealOpened, payload: { order_id: order.id, reason: input.reason ?? null } });
  }
  await appendEvents(tx, events);
}
