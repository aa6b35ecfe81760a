import { sql } from "drizzle-orm";
import { NOTIFICATION_TITLES, notificationTypeFor, statusNotice, type OrderAction } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { chatNotice } from "./notices.js";
import { participantsOf, type OrderRow } from "./order-actors.js";

/**
 * What every order change leaves behind, in its transaction and in one statement: the status
 * notice (spec §4) to each participant but the actor, the system message in the order's chat,
 * and the audit row.
 */
export async function recordOrderEvent(
  tx: Tx,
  order: OrderRow,
  action: OrderAction | "create",
  actorId: string | null,
  input: { actorRole?: string; reason?: string },
): Promise<void> {
  const type = notificationTypeFor(order.status);
  const recipients = participantsOf(order).filter((id) => id !== actorId);
  const content = chatNotice(action, { order, actorRole: input.actorRole, reason: input.reason });
  const audit = JSON.stringify({ status: order.status, ...(input.reason ? { reason: input.reason } : {}) });
  const notices = recipients.length
    ? sql`, n as (
        insert into notifications (user_id, title, message, type, order_id)
        select r.id, ${NOTIFICATION_TITLES[type]}, ${statusNotice(order.status)}, ${type}, ${order.id}::uuid
        from unnest(${`{${recipients.join(",")}}`}::uuid[]) as r(id))`
    : sql``;
  await tx.execute(sql`
    with c as (
      insert into chat_messages (order_id, sender_id, kind, content) values (${order.id}, null, 'system', ${content})
    )${notices}
    insert into audit_log (actor_id, action, target_type, target_id, data)
    values (${actorId}, ${`order.${action}`}, 'order', ${order.id}, ${audit}::jsonb)`);
}
