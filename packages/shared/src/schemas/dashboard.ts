import { z } from "zod";

export const recentActivityItem = z.object({
  id: z.string(),
  crypto_type: z.string(),
  transaction_type: z.enum(["buy", "sell"]),
  /** Coin amount, decimal string. */
  amount: z.string(),
  /** Naira total, decimal string with 2 places. */
  total_amount: z.string(),
  status: z.string(),
  completed_at: z.string().nullable(),
});
export type RecentActivityItem = z.infer<typeof recentActivityItem>;

export const dashboardSummary = z.object({
  active_orders: z.number().int(),
  completed_trades: z.number().int(),
  reputation_score: z.string(),
  active_chats: z.number().int(),
  recent_activity: z.array(recentActivityItem),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** GET /api/dashboard/coin-analytics: each coin's completed trades of the last 24 hours and its trend (coin-trend.ts). */
export const coinAnalyticsResponse = z.object({
  coins: z.array(
    z.object({
      crypto_type: z.string(),
      buys: z.number().int(),
      sells: z.number().int(),
      buy_percent: z.number(),
      sell_percent: z.number(),
      trend: z.enum(["bullish", "bearish", "neutral"]),
    }),
  ),
});

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptime_seconds: z.number(),
  checks: z.object({
    api: z.object({ ok: z.boolean() }),
    database: z.object({ ok: z.boolean(), latency_ms: z.number().nullable(), store: z.string() }),
    jobs: z.object({ ok: z.boolean(), last_tick_at: z.string().nullable(), pending: z.number().nullable() }),
    realtime: z.object({ ok: z.boolean(), connections: z.number(), bus: z.string() }),
    /**
     * The chain watchers (docs/CUSTODY.md), whichever process runs them: each watched network's lag
     * and last error. Informative: a failing RPC node leaves `status` as it is (the app still serves).
     */
    chain: z.object({
      ok: z.boolean(),
      networks: z.array(
        z.object({
          coin: z.string(),
          network: z.string(),
          chain_id: z.number().int(),
          ok: z.boolean(),
          head_block: z.number().int().nullable(),
          next_block: z.number().int().nullable(),
          /** Blocks not yet scanned: head − next block + 1 (0 when caught up); null before the first poll. */
          lag_blocks: z.number().int().nullable(),
          /** Seconds since the last successful poll; null before the first. */
          lag_seconds: z.number().nullable(),
          last_error: z.string().nullable(),
          error_at: z.string().nullable(),
        }),
      ),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;
