import { sql, type SQL } from "drizzle-orm";
import type { OrderAction, OrderStatus } from "@p2p/shared";
import type { Config } from "../config.js";

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
 * statement that moves the order (`expiryJobWrite`, record-order-event.ts), so the window and its timer commit together.
 */
export const EXPIRY_ON_ENTRY: Partial<Record<OrderStatus, { action: ExpiryAction; column: "acceptBy" | "payBy" | "confirmBy" }>> = {
  pending: { action: "expire_acceptance", column: "acceptBy" },
  matched: { action: "expire_payment", column: "payBy" },
  in_progress: { action: "expire_confirmation", column: "confirmBy" },
};
