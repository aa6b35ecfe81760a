import { randomBytes } from "node:crypto";

/** What the load benchmark runs: its size, the mix, the goals. */

export type LoadShape = { users: number; durationMs: number; warmupMs: number; baselineMs: number };

/** 200 virtual users for 60 s; `--quick`: 40 for 10 s. Warm-up and the baseline's window are not in the 60 s. */
export function loadShape(quick: boolean): LoadShape {
  return quick
    ? { users: 40, durationMs: 10_000, warmupMs: 2_000, baselineMs: 3_000 }
    : { users: 200, durationMs: 60_000, warmupMs: 5_000, baselineMs: 10_000 };
}

/** Each merchant serves users / MERCHANTS of the virtual users, as a busy merchant would. */
export const MERCHANTS = 20;
export const COIN = "USDT";
export const SELL_PRICE = "1000.00";
export const NAIRA_PER_TRADE = "10000.00";
export const MERCHANT_FUNDS = "100000000";
export const PASSWORD = `bench-load-${randomBytes(6).toString("hex")}`;
export const NOTIFICATION_PAGE_SIZE = 20;

export const GOAL_ERRORS = 0;
