import { eq } from "drizzle-orm";
import { orderConflictMessage, STATUS_STEP, TERMINAL_STATUSES, transitionsFor, type OrderAction, ORDER_TEXTS } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { columnNames, tableName } from "../db/sql-names.js";
import { AppError } from "../http/errors.js";
import { ESCROW_DEBITED, escrowTransfer, type EscrowMove, type EscrowValues } from "../ledger/escrow.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { refused, TRANSFER_ID, transferWrites } from "../ledger/post-transfer.js";
import { casCondition } from "./cas.js";
import { roleLabel } from "./load-order.js";
import { LOCKED_AT_CREATION_SQL, type Actor, type Caller, type OrderRow } from "./order-actors.js";
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
  // So do the escrow's coins, where the moved order says they move (its accounts locked after the order row and any profiles).
  const escrow = transitions[0]!.escrow;
  const transfer = escrow ? escrowOfMove(escrow, params.add(actorId), completes) : null;
  const statement = prepared(
    `with ${seen}o as (update ${ORDERS} set ${assignments} where id = ${id} and (${where})${sessionLive} returning *)${expiryJobWrite(to)}${writes}${completes ? COMPLETION_WRITES : ""}${transfer ? `, ${transfer.writes}` : ""}
     select o.*${writes ? `, ${WRITTEN} as written` : ""}${completes ? `, ${COMPLETED_PARTIES}` : ""}${readFor}${twoFactor}${transfer ? `, ${transfer.due} as escrow_due, ${TRANSFER_ID} as escrow_transfer_id` : ""} from o`,
  );
  const [raw] = await runPrepared<
    RawOrderRow & {
      written?: WrittenRow[];
      parties?: PartyRow[];
      read_for?: RelatedRow[];
      caller_two_factor_on?: boolean;
      escrow_due?: boolean;
      escrow_transfer_id?: string | null;
    }
  >(tx, statement, params.values);
  if (!raw) return null;
  if (escrow === "release" && !raw.escrow_due) throw new Error(`order ${raw.id} completes without escrow or a buyer`);
  // The seller lacked the coins (or their escrow its lock): the whole move is refused with the transaction.
  if (escrow && raw.escrow_due && raw.escrow_transfer_id === null) throw refused(raw.coin, ESCROW_DEBITED[escrow]);
  if (proof) proof.proven = true;
  const order: MovedOrder = fromRawOrder(raw);
  if (raw.caller_two_factor_on !== undefined) order.callerTwoFactorOn = raw.caller_two_factor_on;
  if (input.presentTo && raw.read_for) order.readFor = { viewerId: input.presentTo.id, rows: raw.read_for };
  if (order.readFor && raw.parties) order.readFor = withParties(order.readFor, raw.parties);

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
  "id",
  "coin",
  "side",
  "coinAmount",
  "feeAmount",
  "sellerId",
  "buyerId",
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

/**
 * Whether the moved order's coins move, over CTE `o`: the lock at acceptance unless a
 * seller-creator locked them with the order, the release always (an order completes only from a
 * lock, to its buyer), the refund of whatever was locked.
 */
const ESCROW_DUE: Record<EscrowMove, string> = {
  lock: `not (${LOCKED_AT_CREATION_SQL(`o.${C.side}`)})`,
  release: `o.${C.escrowLockedAt} is not null and o.${C.buyerId} is not null`,
  refund: `o.${C.escrowLockedAt} is not null`,
};

/**
 * The escrow transfer of a move, as CTEs of its statement over the moved order in `o`, and the
 * condition (a column of the answer) under which it is due. The order's values are read once, into
 * a CTE holding the order only when its transfer is due, which every write of the transfer reads
 * from. A completion's transfer waits for the parties' profile rows to be locked first
 * (record-completion.ts), as every completion does.
 */
function escrowOfMove(move: EscrowMove, actor: string, completes: boolean) {
  // Each value under its column's name with an `x_` before it, apart from every ledger column: a write's own columns stay unqualified.
  const columns: Record<keyof EscrowValues, string> = {
    orderId: C.id,
    coin: C.coin,
    side: C.side,
    coinAmount: C.coinAmount,
    feeAmount: C.feeAmount,
    sellerId: C.sellerId,
    buyerId: C.buyerId,
  };
  const named = Object.entries(columns) as [keyof EscrowValues, string][];
  const values = Object.fromEntries(named.map(([key, column]) => [key, `${ESCROW_ORDER}.x_${column}`])) as EscrowValues;
  const selected = named.map(([, column]) => `o.${column} as x_${column}`);
  const due = `(${ESCROW_DUE[move]})`;
  const order = `${ESCROW_ORDER} as (select ${selected.join(", ")} from o where ${due})`;
  const when = completes ? "(select count(*) from parties) >= 0" : "true";
  return { writes: `${order}, ${transferWrites({ ...escrowTransfer(move, values, actor, when), from: ESCROW_ORDER })}`, due };
}

/** The CTE holding the moved order's escrow values, when its transfer is due. */
const ESCROW_ORDER = "xo";

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
