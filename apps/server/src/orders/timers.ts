import { sql, type SQL } from "drizzle-orm";
import type { OrderAction } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { enqueueJob, type JobRunner } from "../jobs/runner.js";
import { expireOrder } from "./expire-order.js";

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

const jobKind = (action: ExpiryAction) => `order.${action}`;

/** Queues the timer in the transaction that opened the window; a restart loses none. */
export function scheduleExpiry(tx: Db | Tx, action: ExpiryAction, orderId: string, at: Date): Promise<void> {
  return enqueueJob(tx, jobKind(action), { order_id: orderId }, { runAt: at });
}

/** Each handler does its own compare-and-set, so a late, duplicate or stale timer changes nothing. */
export function registerTradingJobs(jobs: JobRunner, config: Config): void {
  const windows = windowsFrom(config);
  for (const action of EXPIRY_ACTIONS) {
    jobs.register(jobKind(action), async (payload, { db }) => {
      const orderId = (payload as { order_id?: unknown }).order_id;
      if (typeof orderId !== "string") throw new Error(`${jobKind(action)}: payload without order_id`);
      await expireOrder({ db, orderId, action, windows });
    });
  }
}
