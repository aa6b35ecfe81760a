import { asc, like } from "drizzle-orm";
import { TERMINAL_STATUSES, TRANSITIONS, type OrderStatus } from "@p2p/shared";
import type { Db } from "../../src/db/client.js";
import { auditLog, orders } from "../../src/db/schema.js";
import type { Kill } from "./killable-server.js";

/** One audited move of an order: `create`, `accept`, `expire_payment`… and the status it led to. */
export type Move = { action: string; status: OrderStatus; at: Date };
export type OrderHistory = { id: string; status: OrderStatus; moves: Move[] };

/** Every order with its moves, from the audit row each transition writes in its own transaction. */
export async function loadOrderHistories(db: Db): Promise<OrderHistory[]> {
  const rows = await db
    .select({ orderId: auditLog.targetId, action: auditLog.action, data: auditLog.data, at: auditLog.createdAt })
    .from(auditLog)
    .where(like(auditLog.action, "order.%"))
    .orderBy(asc(auditLog.id));
  const moves = new Map<string, Move[]>();
  for (const row of rows) {
    const list = moves.get(row.orderId!) ?? [];
    list.push({ action: row.action.slice("order.".length), status: (row.data as { status: OrderStatus }).status, at: row.at });
    moves.set(row.orderId!, list);
  }
  const all = await db.select({ id: orders.id, status: orders.status }).from(orders);
  return all.map((o) => ({ id: o.id, status: o.status, moves: moves.get(o.id) ?? [] }));
}

/**
 * Problems with a history as a walk through the state machine: it starts with the creation, each
 * move is allowed from the status before it, and it ends at the stored status. A timer that fired
 * twice shows as an expiry from a status it cannot leave.
 */
export function walkProblems(history: OrderHistory): string[] {
  const [first, ...rest] = history.moves;
  if (first?.action !== "create" || first.status !== "pending") return [`${history.id}: history does not start with its creation`];
  let status: OrderStatus = "pending";
  const problems: string[] = [];
  for (const move of rest) {
    const allowed = TRANSITIONS.some((t) => t.action === move.action && t.from.includes(status) && t.to === move.status);
    if (!allowed) problems.push(`${history.id}: ${move.action} to ${move.status} from ${status}`);
    status = move.status;
  }
  if (status !== history.status) problems.push(`${history.id}: history ends at ${status}, the order is ${history.status}`);
  return problems;
}

const EXPIRY_OF: Partial<Record<OrderStatus, string>> = {
  pending: "expire_acceptance",
  matched: "expire_payment",
  in_progress: "expire_confirmation",
};

export type CrashOpenOrder = { id: string; kill: number; statusAtKill: OrderStatus; movesAfter: string[] };

/**
 * The orders a kill caught open (created before it, not yet completed or cancelled), each at the
 * first kill that did. Nobody touches such an order afterwards, so until `until` its moves after
 * that kill must be exactly its status's expiry, once (none for a dispute, which has no timer).
 */
export function crashOpenOrders(histories: OrderHistory[], kills: Kill[], until: Date): CrashOpenOrder[] {
  const found: CrashOpenOrder[] = [];
  for (const history of histories) {
    for (const kill of kills) {
      const before = history.moves.filter((m) => m.at < kill.at);
      const statusAtKill = before.at(-1)?.status;
      if (!statusAtKill || TERMINAL_STATUSES.includes(statusAtKill)) continue;
      const movesAfter = history.moves.filter((m) => m.at >= kill.at && m.at < until).map((m) => m.action);
      found.push({ id: history.id, kill: kill.epoch, statusAtKill, movesAfter });
      break;
    }
  }
  return found;
}

export function expiryProblems(order: CrashOpenOrder): string[] {
  const expiry = EXPIRY_OF[order.statusAtKill];
  const expected = expiry ? [expiry] : [];
  if (JSON.stringify(order.movesAfter) === JSON.stringify(expected)) return [];
  return [`${order.id}: ${order.statusAtKill} at kill ${order.kill}, then [${order.movesAfter.join(", ")}], expected [${expected.join(", ")}]`];
}
