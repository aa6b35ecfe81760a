import {
  NOTIFICATION_TITLES,
  notificationTypeFor,
  REALTIME_EVENTS,
  statusNotice,
  type OrderAction,
  type OrderStatus,
  ADMIN_TOPIC,
  MERCHANTS_TOPIC,
  orderTopic,
  userTopic,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { presentChatMessage } from "../chat/present-message.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { auditLog, chatMessages, jobs, notifications, orders, profiles } from "../db/schema.js";
import { columnName, columnNames, columnsAs, insertTarget, tableName } from "../db/sql-names.js";
import { enqueueJob } from "../jobs/runner.js";
import { fromRawNotification, notificationEvents, RAW_NOTIFICATION_COLUMNS, type RawNotificationRow } from "../notifications/notify.js";
import { appendEvents } from "../realtime/append-event.js";
import type { NewEvent } from "../realtime/event-types.js";
import { chatNotice } from "./notices.js";
import { participantsOf, type OrderRow } from "./order-actors.js";
import { EXPIRY_ON_ENTRY, jobKind, type ExpiryAction } from "./order-windows.js";

/**
 * The writes every order change leaves behind, built as CTEs for the statements that move an
 * order (create-order.ts, apply-transition.ts) or on their own (`recordOrderEvent`): its timer,
 * the system chat message, the notices and the audit row; then its realtime events. Every table
 * and column is named from the Drizzle schema (db/sql-names.ts), so a rename there reaches these
 * statements or fails to compile; the texts are made once per shape and stay prepared statements.
 */

/** A row the change wrote: its chat message or one of its notifications. */
export type WrittenRow =
  { k: "c"; r: { id: string; order_id: string; kind: string; content: string; created_at: string } } | { k: "n"; r: RawNotificationRow };

export type OrderEventInput = { actorRole?: string; reason?: string };

/**
 * What every order change leaves behind, in its transaction: the status notice (spec §4) to each
 * participant but the actor, the system message in the order's chat and the audit row (one
 * statement), then its realtime events (`publishOrderEvent`).
 */
export async function recordOrderEvent(
  tx: Tx,
  order: OrderRow,
  action: OrderAction | "create",
  actorId: string | null,
  input: OrderEventInput,
): Promise<void> {
  const params = new Params();
  const o = `select ${params.add(order.id)}::uuid as ${O.id}, ${params.add(order.creatorId)}::uuid as ${O.creatorId}, ${params.add(order.merchantId)}::uuid as ${O.merchantId},
    ${params.add(order.buyerId)}::uuid as ${O.buyerId}, ${params.add(order.sellerId)}::uuid as ${O.sellerId}, ${params.add(order.side)}::text as ${O.side},
    ${params.add(order.coin)}::text as ${O.coin}, ${params.add(order.coinAmount)}::numeric as ${O.coinAmount}, ${params.add(order.nairaAmount)}::numeric as ${O.nairaAmount}`;
  const writes = orderEventWrites(params, {
    status: order.status,
    action,
    actorId,
    content: chatNotice(action, { order, actorRole: input.actorRole, reason: input.reason }),
    reason: input.reason,
  });
  const [row] = await runPrepared<{ written: WrittenRow[] }>(tx, prepared(`with o as (${o})${writes} select ${WRITTEN} as written`), params.values);
  await publishOrderEvent(tx, order, action, row?.written ?? [], input);
}

/** The rows `orderEventWrites` wrote, as one JSON array column. */
export const WRITTEN = `(select coalesce(json_agg(w), '[]') from (
    select 'c' as k, row_to_json(c) as r from c union all select 'n' as k, row_to_json(n) as r from n
  ) w)`;

/**
 * The writes of an order change as CTEs over the changed order in CTE `o` (none when `o` is
 * empty): the system chat message, a notification to each participant but the actor (in
 * participant order) and the audit row. Select `WRITTEN` to have them back.
 */
export function orderEventWrites(
  params: Params,
  change: { status: OrderStatus; action: OrderAction | "create"; actorId: string | null; content: string; reason?: string },
): string {
  const type = notificationTypeFor(change.status);
  const actor = params.add(change.actorId);
  const audit = JSON.stringify({ status: change.status, ...(change.reason ? { reason: change.reason } : {}) });
  return `, c as (
    insert into ${CHAT_TARGET} select o.${O.id}, null, 'system', ${params.add(change.content)} from o
    returning ${CHAT_RETURNING}
  ), n as (
    insert into ${NOTIFICATION_TARGET}
    select r.id, ${params.add(NOTIFICATION_TITLES[type])}, ${params.add(statusNotice(change.status))}, ${params.add(type)}, o.${O.id}, ${DETAILS}
    from o, lateral (
      select id, min(n) as n from unnest(array[o.${O.creatorId}, o.${O.merchantId}, o.${O.buyerId}, o.${O.sellerId}]) with ordinality as p(id, n)
      where id is not null and id is distinct from ${actor}::uuid group by id
    ) r
    order by r.n
    returning ${RAW_NOTIFICATION_COLUMNS}
  ), a as (
    insert into ${AUDIT_TARGET}
    select ${actor}::uuid, ${params.add(`order.${change.action}`)}, 'order', o.${O.id}::text, ${params.add(audit)}::jsonb from o
  )`;
}

/** The columns of the changed order the writes read from CTE `o` (an order row, or the order's ids as such). */
const P = columnNames(profiles, ["id", "username"]);
const O = columnNames(orders, ["id", "creatorId", "merchantId", "buyerId", "sellerId", "side", "coin", "coinAmount", "nairaAmount"]);

/**
 * The order's details for recipient `r` (shared NotificationDetails): the side from their point of
 * view (the creator's is the order's side, the merchant's the other one, as sideOfParty says),
 * the amounts as stored decimals (formatted where shown), and the other party's username.
 */
const DETAILS = `jsonb_build_object(
    'side', case when r.id = o.${O.creatorId} then o.${O.side} when o.${O.side} = 'buy' then 'sell' else 'buy' end,
    'coin', o.${O.coin}, 'coin_amount', o.${O.coinAmount}::text, 'naira_amount', o.${O.nairaAmount}::text,
    'counterparty', (select p.${P.username} from ${tableName(profiles)} p
      where p.${P.id} = case when r.id = o.${O.creatorId} then o.${O.merchantId} else o.${O.creatorId} end))`;
const CHAT_TARGET = insertTarget(chatMessages, ["orderId", "senderId", "kind", "content"]);
const CHAT_RETURNING = columnsAs(chatMessages, { id: "id", order_id: "orderId", kind: "kind", content: "content", created_at: "createdAt" });
const NOTIFICATION_TARGET = insertTarget(notifications, ["userId", "title", "message", "type", "orderId", "details"]);
const AUDIT_TARGET = insertTarget(auditLog, ["actorId", "action", "targetType", "targetId", "data"]);
const JOB_TARGET = insertTarget(jobs, ["kind", "payload", "runAt", "maxAttempts"]);

/**
 * A CTE queuing the timer of the order row(s) in CTE `o` (as `enqueueJob` does: due at the
 * deadline, 8 attempts), or "" when the status starts none: the window and its timer commit
 * together.
 */
export function expiryJobWrite(status: OrderStatus): string {
  const timer = EXPIRY_ON_ENTRY[status];
  if (!timer) return "";
  return `, j as (
    insert into ${JOB_TARGET}
    select '${jobKind(timer.action)}', jsonb_build_object('order_id', o.${O.id}), o.${columnName(orders, timer.column)}, 8 from o
  )`;
}

/** The same timer for an order written through Drizzle (open requests), in the transaction that opened its window. */
export function scheduleExpiry(tx: Db | Tx, action: ExpiryAction, orderId: string, at: Date): Promise<void> {
  return enqueueJob(tx, jobKind(action), { order_id: orderId }, { runAt: at });
}

/**
 * The realtime events of an order change, appended in its transaction: `order.updated` and
 * `chat.message` on the order's topic, `order.changed` and `notification.created` on the
 * participants' own topics, `appeal.opened` for the admins when the order enters a dispute, and
 * `marketplace.changed` for the merchants when an open request appears on /marketplace or leaves it.
 */
export async function publishOrderEvent(
  tx: Tx,
  order: OrderRow,
  action: OrderAction | "create",
  written: WrittenRow[],
  input: OrderEventInput,
): Promise<void> {
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
    const message = presentChatMessage({
      id: w.r.id,
      orderId: w.r.order_id,
      kind: w.r.kind,
      senderId: null,
      senderUsername: null,
      content: w.r.content,
      createdAt: w.r.created_at,
    });
    events.push({ topic: orderTopic(order.id), type: REALTIME_EVENTS.chatMessage, payload: message });
  }
  for (const id of participantsOf(order)) events.push({ topic: userTopic(id), type: REALTIME_EVENTS.orderChanged, payload: state });
  events.push(...notificationEvents(written.flatMap((w) => (w.k === "n" ? [fromRawNotification(w.r)] : []))));
  if (order.status === "disputed" && (action === "open_appeal" || action === "expire_confirmation")) {
    events.push({ topic: ADMIN_TOPIC, type: REALTIME_EVENTS.appealOpened, payload: { order_id: order.id, reason: input.reason ?? null } });
  }
  if (order.isOpenRequest && MARKETPLACE_ACTIONS.has(action)) {
    events.push({
      topic: MERCHANTS_TOPIC,
      type: REALTIME_EVENTS.marketplaceChanged,
      payload: { order_id: order.id, coin: order.coin, open: action === "create" },
    });
  }
  await appendEvents(tx, events);
}

/** What puts an open request on /marketplace or takes it off: it is posted, taken, cancelled or times out. */
const MARKETPLACE_ACTIONS: ReadonlySet<OrderAction | "create"> = new Set(["create", "accept", "cancel", "expire_acceptance"]);
