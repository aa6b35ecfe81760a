import type { FastifyInstance } from "fastify";
import type { HealthResponse } from "@p2p/shared";
import type { AppContext } from "../context.js";
import type { RealtimeHub } from "../realtime/hub.js";
import { chainHealth } from "../chain/watcher-health.js";

export const VERSION = "0.1.0";
/** The job runner counts as healthy while it has ticked within this many poll intervals. */
const STALE_TICKS = 20;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext, hub: RealtimeHub): Promise<void> {
  app.get("/api/health", async (_req, reply) => {
    let latency: number | null = null;
    try {
      latency = await ctx.database.ping();
    } catch (err) {
      ctx.log.error({ err }, "health: database ping failed");
    }
    const lastTick = ctx.jobs.lastTickAt;
    const jobsOk = lastTick !== null && Date.now() - lastTick.getTime() < ctx.config.JOB_POLL_MS * STALE_TICKS + 5000;
    const pending = latency === null ? null : await ctx.jobs.pendingCount().catch(() => null);
    const chain = latency === null ? { ok: false, networks: [] } : await chainHealth(ctx.db, ctx.config).catch(() => ({ ok: false, networks: [] }));
    const body: HealthResponse = {
      status: latency !== null && jobsOk && hub.busOk ? "ok" : "degraded",
      version: VERSION,
      uptime_seconds: Math.round(process.uptime()),
      checks: {
        api: { ok: true },
        database: { ok: latency !== null, latency_ms: latency === null ? null : Math.round(latency * 10) / 10, store: ctx.database.store },
        jobs: { ok: jobsOk, last_tick_at: lastTick?.toISOString() ?? null, pending },
        realtime: { ok: hub.busOk, connections: hub.connectionCount, bus: hub.busName },
        // Informative only: an RPC node being down does not make this process unfit to serve.
        chain,
      },
    };
    reply
      .header("Cache-Control", "no-store")
      .status(body.status === "ok" ? 200 : 503)
      .send(body);
  });
}
