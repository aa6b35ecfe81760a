import { eq } from "drizzle-orm";
import { orderConflictMessage, STATUS_STEP, TERMINAL_STATUSES, transitionsFor, type OrderAction, ORDER_TEXTS } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { columnNames, tableName } from "../db/sql-names.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/lock-escrow.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { refundEscrow } from "../ledger/refund-escrow.js";
import { releaseEscrow } from "../ledger/release-escrow.js";
import { casCondition } from "./cas.js";
import { roleLabel } from "./load-order.js";
import { lockedAtCreation, type Actor, type Caller, type OrderRow } from "./order-actors.js";
import { readForColumn, withParties, type PartyRow, type PresentableOrder, type RelatedRow } from "./present-order.js";
import { fromRawOrder, type RawOrderRow } from "./order-row.js";
import { COMPLETED_PARTIES, COMPLETION_WRITES } from "./record-completion.js";
import { pendingProof, sessionLiveSql, sessionSeenWrite } from "../auth/session-proof.js";
import { twoFactorEnabledSql } from "../auth/second-factor.js";
import { noticeBeforeMove } from "./notices.js";
import { expiryJobWrite, orderEventWrites, publishOrderEvent, recordOrderEvent, WRITTEN, type WrittenRow } from "./record-order-event.js";
import { deadlineText, type OrderWindows } from "./order-windows.js";

/** A column an action sets besides status, step and activity: a value, a value only where the column is null, or now(). */
export type OrderSetValue = { value: string | null } | { ifNull: string } | "now";
export type OrderSet = Partial<Record<Exclude<keyof RawOrderRow, "id">, OrderSetValue>>;

export type TransitionInput = {
  orderId: string;
  action: OrderAction;
  actor: Actor;
  windows: OrderWindows;
  /** Columns this action sets besides status, step and activity. */
  set?: OrderSet;
  /** accept: only an order placed with this merchant, never claiming an open request. */
  assignedOnly?: boolean;
  /** How the actor is named in the chat message ("buyer", "seller"…); by default from the order. */
  actorRole?: string;
  reason?: string;
  /** Whom the answer presents the moved order to, when nothing after the move changes what it shows (present-order.ts). */
  presentTo?: Caller;
  /** The move also reads whether the caller has two-factor on, for a step-up after it (a release). */
  readTwoFactor?: boolean;
};

/** An order just moved, with what the move read for the step after it. */
export type MovedOrder = PresentableOrder & { callerTwoFactorOn?: boolean };

/**
 * One state-machine transition, inside the caller's transaction: the compare-and-set UPDATE, the
 * next window's timer, the system chat message, the notices to the other participants, the
 * audit row and a completion's records (one prepared statement for most moves), then the escrow
 * movement and the realtime events. Returns null when the order was not in a state (or not the
 * actor's) to move; persons get that as a conflict from `transitionOrThrow`.
 */
export async function tryTransition(tx: Tx, input: TransitionInput): Promise<MovedOrder | null> {
  const { action, actor } = input;
  const transitions = transitionsFor(action);
  const to = transitions[0]!.to;
  const params = new Params();
  const id = params.add(input.orderId);
  // The caller's id becomes a parameter only if the condition names it (an admin's does not).
  let meParam: string | undefined;
  const me = actor.kind === "person" ? () => (meParam ??= params.add(actor.caller.id)) : null;
  const where = casCondition(action, actor, { me, assignedOnly: input.assignedOnly });
  if (!where) return null;
  // A caller taken on their token's word moves the order only if their session is still live.
  const caller = actor.kind === "person" ? actor.caller : null;
  const proof = caller ? pendingProof(caller) : undefined;
  const sessionLive = proof && me && caller ? ` and ${sessionLiveSql(params, proof, me(), caller.role)}` : "";
  const seen = proof ? `${sessionSeenWrite(params, proof)}, ` : "";

  const columns = new Map<string, string>([
    [C.status, `'${to}'`],
    [C.isActive, String(!TERMINAL_STATUSES.includes(to))],
    [C.updatedAt, "now()"],
  ]);
  const step = STATUS_STEP[to];
  if (step) columns.set(C.currentStep, String(step));
  for (const [column, value] of entryColumns(to, input.windows, params)) columns.set(column, value);
  for (const [column, value] of Object.entries(input.set ?? {}) as [string, OrderSetValue][]) {
    columns.set(column, value === "now" ? "now()" : "value" in value ? params.add(value.value) : `coalesce(${column}, ${params.add(value.ifNull)})`);
  }
  const assignments = [...columns].map(([column, value]) => `${column} = ${value}`).join(", ");
  // The chat message, notices and audit row join the same statement when their text does not
  // depend on the row (most moves); a notice naming the actor's role is written after it.
  const actorId = actor.kind === "person" ? actor.caller.id : null;
  const notice = step && !input.actorRole ? noticeBeforeMove(action, step, input.reason) : null;
  const writes = notice === null ? "" : orderEventWrites(params, { status: to, action, actorId, content: notice, reason: input.reason });
  const readFor = input.presentTo ? `, ${readForColumn(params.add(input.presentTo.id))}` : "";
  const twoFactor = input.readTwoFactor && me ? `, ${twoFactorEnabledSql(me())} as caller_two_factor_on` : "";
  // A completion's history rows and trade counts join the move too, and answer the parties as they now are.
  const completes = to === "completed";
  const statement = prepared(
    `with ${seen}o as (update ${ORDERS} set ${assignments} where id = ${id} and (${where})${sessionLive} returning *)${expiryJobWrite(to)}${writes}${completes ? COMPLETION_WRITES : ""}
     select o.*${writes ? `, ${WRITTEN} as written` : ""}${completes ? `, ${COMPLETED_PARTIES}` : ""}${readFor}${twoFactor} from o`,
  );
  const [raw] = await runPrepared<
    RawOrderRow & { written?: WrittenRow[]; parties?: PartyRow[]; read_for?: RelatedRow[]; caller_two_factor_on?: boolean }
  >(tx, statement, params.values);
  if (!raw) return null;
  if (proof) proof.proven = true;
  const order: MovedOrder = fromRawOrder(raw);
  if (raw.caller_two_factor_on !== undefined) order.callerTwoFactorOn = raw.caller_two_factor_on;
  if (input.presentTo && raw.read_for) order.readFor = { viewerId: input.presentTo.id, rows: raw.read_for };
  if (order.readFor && raw.parties) order.readFor = withParties(order.readFor, raw.parties);

  await moveEscrow(tx, order, transitions[0]!.escrow, actorId);
  const event = { actorRole: input.actorRole ?? (actor.kind === "person" ? roleLabel(order, actor.caller) : undefined), reason: input.reason };
  if (raw.written) await publishOrderEvent(tx, order, action, raw.written, event);
  else await recordOrderEvent(tx, order, action, actorId, event);
  return order;
}

export async function transitionOrThrow(tx: Tx, input: TransitionInput): Promise<OrderRow> {
  const order = await tryTransition(tx, input);
  if (order) return order;
  throw await transitionConflict(tx, input.orderId, input.action, input.actor);
}

const ORDERS = tableName(orders);
/** The order columns a move sets, named from the schema once. */
const C = columnNames(orders, [
  "status",
  "isActive",
  "updatedAt",
  "currentStep",
  "acceptedAt",
  "payBy",
  "escrowLockedAt",
  "confirmBy",
  "completedAt",
  "cancelledAt",
  "appellantId",
]);

/** The columns a status sets on entry: its window's deadline and its timestamp. */
function entryColumns(to: OrderRow["status"], windows: OrderWindows, params: Params): [string, string][] {
  switch (to) {
    case "matched":
      return [
        [C.acceptedAt, "now()"],
        [C.payBy, deadlineText(params.add(windows.paymentSeconds))],
        [C.escrowLockedAt, `coalesce(${C.escrowLockedAt}, now())`],
      ];
    case "in_progress":
      return [[C.confirmBy, deadlineText(params.add(windows.confirmationSeconds))]];
    case "completed":
      return [
        [C.completedAt, "now()"],
        [C.appellantId, "null"],
      ];
    case "cancelled":
      return [
        [C.cancelledAt, "now()"],
        [C.appellantId, "null"],
      ];
    default:
      return [];
  }
}

async function moveEscrow(tx: Tx, order: OrderRow, escrow: "lock" | "release" | "refund" | undefined, actorId: string | null) {
  if (!escrow) return;
  const locked = order.escrowLockedAt !== null;
  // Accepting sets escrow_locked_at in its compare-and-set; the coins move here, or the whole
  // transaction (and so the acceptance) fails with INSUFFICIENT_BALANCE.
  if (escrow === "lock" && !lockedAtCreation(order.side)) await lockEscrow(tx, escrowOf(order), actorId);
  if (escrow === "release") {
    if (!locked) throw new Error(`order ${order.id} completes without escrow`);
    await releaseEscrow(tx, escrowOf(order), actorId);
  }
  if (escrow === "refund" && locked) await refundEscrow(tx, escrowOf(order), actorId);
}

function escrowOf(order: OrderRow) {
  if (!order.sellerId) throw new Error(`order ${order.id} has no seller`);
  return { ...order, sellerId: order.sellerId };
}

/** Why a compare-and-set found nothing to update, named by the order's current status. */
export async function transitionConflict(tx: Tx, orderId: string, action: OrderAction, actor: Actor): Promise<AppError> {
  const [row] = await tx
    .select({ status: orders.status, merchantId: orders.merchantId, isOpenRequest: orders.isOpenRequest })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return new AppError("NOT_FOUND", ORDER_TEXTS.notFound);
  const me = actor.kind === "person" ? actor.caller.id : null;
  if (action === "accept" && row.isOpenRequest && row.merchantId !== null && row.merchantId !== me) {
    return new AppError("ORDER_ALREADY_TAKEN", ORDER_TEXTS.alreadyTaken);
  }
  if (action === "accept" && row.status === "pending") {
    return new AppError("ORDER_CONFLICT", ORDER_TEXTS.acceptanceRanOut);
  }
  if (action === "mark_paid" && row.status === "matched") {
    return new AppError("ORDER_CONFLICT", ORDER_TEXTS.paymentWindowClosed);
  }
  return new AppError("ORDER_CONFLICT", orderConflictMessage(row.status, action));
}
