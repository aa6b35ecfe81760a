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
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;
