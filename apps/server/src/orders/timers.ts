import type { Config } from "../config.js";
import type { JobRunner } from "../jobs/runner.js";
import type { Metrics } from "../observability/metrics.js";
import { expireOrder } from "./expire-order.js";
import { EXPIRY_ACTIONS, jobKind, windowsFrom } from "./order-windows.js";

/** Each handler does its own compare-and-set, so a late, duplicate or stale timer changes nothing. */
export function registerTradingJobs(jobs: JobRunner, config: Config, metrics: Metrics): void {
  const windows = windowsFrom(config);
  for (const action of EXPIRY_ACTIONS) {
    jobs.register(jobKind(action), async (payload, { db }) => {
      const orderId = (payload as { order_id?: unknown }).order_id;
      if (typeof orderId !== "string") throw new Error(`${jobKind(action)}: payload without order_id`);
      if (await expireOrder({ db, orderId, action, windows })) metrics.orderTransitions.inc({ action });
    });
  }
}
