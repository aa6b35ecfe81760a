import { sql, type SQL } from "drizzle-orm";
import type { OrderAction, OrderStatus } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { enqueueJob } from "../jobs/runner.js";

/** The window lengths of DESIGN §3, from the configuration. */
export type OrderWindows = { acceptanceSeconds: number; paymentSeconds: number; confirmationSeconds: number };

export function windowsFrom(config: Config): OrderWindows {
  return {
    acceptanceSeconds: config.ACCEPTANCE_WINDOW_SECONDS,
    paymentSeconds: config.PAYMENT_WINDOW_SECONDS,
    confirmationSeconds: config.CONFIRMATION_WINDOW_SECONDS,
  };
}

/**
 * A deadline on the database clock, to the millisecond, so the job's run_at (a JS Date) equals
 * the column exactly and the timer never fires before its own compare-and-set would pass.
 */
export function deadlineIn(seconds: number): SQL<Date> {
  return sql<Date>`date_trunc('milliseconds', now()) + make_interval(secs => ${seconds})`;
}

export type ExpiryAction = Extract<OrderAction, "expire_acceptance" | "expire_payment" | "expire_confirmation">;
export const EXPIRY_ACTIONS: readonly ExpiryAction[] = ["expire_acceptance", "expire_payment", "expire_confirmation"];

export const jobKind = (action: ExpiryAction) => `order.${action}`;

/** The deadline text of a window for statements built as text: the same clock as `deadlineIn`. */
export function deadlineText(secondsParam: string): string {
  return `date_trunc('milliseconds', now()) + make_interval(secs => ${secondsParam}::double precision)`;
}

/**
 * The timer each status starts on entry, and the column holding its deadline: queued in the
 * statement that moves the order (`expiryJobText`), so the window and its timer commit together.
 */
export const EXPIRY_ON_ENTRY: Partial<Record<OrderStatus, { action: ExpiryAction; column: "accept_by" | "pay_by" | "confirm_by" }>> = {
  pending: { action: "expire_acceptance", column: "accept_by" },
  matched: { action: "expire_payment", column: "pay_by" },
  in_progress: { action: "expire_confirmation", column: "confirm_by" },
};

/**
 * A CTE queuing the timer of the order row(s) in CTE `o` (as `enqueueJob` does: due at the
 * deadline, 8 attempts), or "" when the status starts none.
 */
export function expiryJobText(status: OrderStatus): string {
  const timer = EXPIRY_ON_ENTRY[status];
  if (!timer) return "";
  return `, j as (
    insert into jobs (kind, payload, run_at, max_attempts)
    select '${jobKind(timer.action)}', jsonb_build_object('order_id', o.id), o.${timer.column}, 8 from o
  )`;
}

/** Queues the timer in the transaction that opened the window; a restart loses none. */
export function scheduleExpiry(tx: Db | Tx, action: ExpiryAction, orderId: string, at: Date): Promise<void> {
  return enqueueJob(tx, jobKind(action), { order_id: orderId }, { runAt: at });
}
