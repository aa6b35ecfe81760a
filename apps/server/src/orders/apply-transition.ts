import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import {
  orderConflictMessage,
  STATUS_STEP,
  TERMINAL_STATUSES,
  transitionsFor,
  type OrderAction,
} from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/lock-escrow.js";
import { refundEscrow } from "../ledger/refund-escrow.js";
import { releaseEscrow } from "../ledger/release-escrow.js";
import { casCondition } from "./cas.js";
import { lockedAtCreation, type Actor, type OrderRow } from "./order-actors.js";
import { recordOrderEvent } from "./record-order-event.js";
import { deadlineIn, scheduleExpiry, type OrderWindows } from "./timers.js";
import { recordCompletion } from "./record-completion.js";

type OrderUpdate = PgUpdateSetSource<typeof orders>;

export type TransitionInput = {
  orderId: string;
  action: OrderAction;
  actor: Actor;
  windows: OrderWindows;
  /** Columns this action sets besides status, step and activity. */
  set?: OrderUpdate;
  /** How the actor is named in the chat message ("buyer", "seller"…). */
  actorRole?: string;
  reason?: string;
};

/**
 * One state-machine transition, inside the caller's transaction: the compare-and-set UPDATE, the
 * escrow movement, the next window's timer, the notices to the other participants, the system
 * chat message and the audit row. Returns null when the order was not in a state (or not the
 * actor's) to move; persons get that as a conflict from `transitionOrThrow`.
 */
export async function tryTransition(tx: Tx, input: TransitionInput): Promise<OrderRow | null> {
  const { action, actor, windows } = input;
  const transitions = transitionsFor(action);
  const to = transitions[0]!.to;
  const where = casCondition(action, actor);
  if (!where) return null;

  const step = STATUS_STEP[to];
  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      ...(step ? { currentStep: step } : {}),
      isActive: !TERMINAL_STATUSES.includes(to),
      updatedAt: sql`now()`,
      ...entryColumns(to, windows),
      ...input.set,
    })
    .where(and(eq(orders.id, input.orderId), where))
    .returning();
  if (!order) return null;

  const actorId = actor.kind === "person" ? actor.caller.id : null;
  await moveEscrow(tx, order, transitions[0]!.escrow, actorId);
  if (to === "completed") await recordCompletion(tx, order);
  if (to === "matched") await scheduleExpiry(tx, "expire_payment", order.id, order.payBy!);
  if (to === "in_progress") await scheduleExpiry(tx, "expire_confirmation", order.id, order.confirmBy!);
  await recordOrderEvent(tx, order, action, actorId, input);
  return order;
}

export async function transitionOrThrow(tx: Tx, input: TransitionInput): Promise<OrderRow> {
  const order = await tryTransition(tx, input);
  if (order) return order;
  throw await conflictFor(tx, input.orderId, input.action, input.actor);
}

/** The columns a status sets on entry: its window's deadline and its timestamp. */
function entryColumns(to: OrderRow["status"], windows: OrderWindows): OrderUpdate {
  const now = sql`now()`;
  switch (to) {
    case "matched":
      return {
        acceptedAt: now,
        payBy: deadlineIn(windows.paymentSeconds),
        escrowLockedAt: sql`coalesce(${orders.escrowLockedAt}, now())`,
      };
    case "in_progress":
      return { confirmBy: deadlineIn(windows.confirmationSeconds) };
    case "completed":
      return { completedAt: now, appellantId: null };
    case "cancelled":
      return { cancelledAt: now, appellantId: null };
    default:
      return {};
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
  return { id: order.id, coin: order.coin, coinAmount: order.coinAmount, sellerId: order.sellerId, buyerId: order.buyerId };
}

/** Why a compare-and-set found nothing to update, named by the order's current status. */
async function conflictFor(tx: Tx, orderId: string, action: OrderAction, actor: Actor): Promise<AppError> {
  const [row] = await tx
    .select({ status: orders.status, merchantId: orders.merchantId, isOpenRequest: orders.isOpenRequest })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return new AppError("NOT_FOUND", "Order not found.");
  const me = actor.kind === "person" ? actor.caller.id : null;
  if (action === "accept" && row.isOpenRequest && row.merchantId !== null && row.merchantId !== me) {
    return new AppError("ORDER_ALREADY_TAKEN", "This order has already been taken by another merchant.");
  }
  if (action === "accept" && row.status === "pending") {
    return new AppError("ORDER_CONFLICT", "The time to accept this order has run out.");
  }
  if (action === "mark_paid" && row.status === "matched") {
    return new AppError("ORDER_CONFLICT", "The payment window for this order has closed.");
  }
  return new AppError("ORDER_CONFLICT", orderConflictMessage(row.status, action));
}
