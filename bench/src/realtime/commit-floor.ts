import { randomUUID } from "node:crypto";
import pg from "pg";
import { loadConfig } from "../../../apps/server/src/config.js";
import { quantile, round } from "../lib/stats.js";

export type CommitFloor = { what: string; commits: number; latency_ms: { p50: number; p99: number; max: number } };

/** The server's pool size (DATABASE_POOL_SIZE as the server reads it): the commit floor's pool, and the HTTP floor's. */
export const FLOOR_POOL = loadConfig({ NODE_ENV: "development", DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE;

/**
 * The least a stored chat message can cost before anyone may see it: one chat-message-sized row
 * inserted and committed (durably, as the server's PostgreSQL is set up), per message, at the
 * benchmark's rate (open loop) on a pool of the server's size, no app, no socket. A message is
 * delivered only after its commit (DESIGN: events are published once the change is stored), so
 * no design that stores every message can deliver faster than this.
 */
export async function measureCommitFloor(url: string, rate: { ratePerS: number; durationMs: number; warmupMs: number }): Promise<CommitFloor> {
  const pool = new pg.Pool({ connectionString: url, max: FLOOR_POOL });
  await pool.query(
    "create table commit_floor (id bigserial primary key, order_id uuid not null, content text not null, created_at timestamptz not null default now())",
  );
  const content = "Payment sent from my GTBank account, please check and release.";
  const latencies: number[] = [];
  const inflight = new Set<Promise<void>>();
  const t0 = performance.now();
  const windowStart = t0 + rate.warmupMs;
  const windowEnd = windowStart + rate.durationMs;
  let k = 0;
  try {
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (now >= windowEnd) {
          clearInterval(timer);
          resolve();
          return;
        }
        const due = Math.floor(((now - t0) / 1000) * rate.ratePerS);
        for (; k < due; k++) {
          const sentAt = performance.now();
          const p = pool
            .query({ name: "floor", text: "insert into commit_floor (order_id, content) values ($1, $2)", values: [randomUUID(), content] })
            .then(() => {
              if (sentAt >= windowStart) latencies.push(performance.now() - sentAt);
            });
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
        }
      }, 2);
    });
    await Promise.all(inflight);
    await pool.query("drop table commit_floor");
  } finally {
    await pool.end();
  }
  return {
    what: `one chat-message-sized row inserted and committed per message (synchronous_commit as the server has it), same rate, open loop, pool of ${FLOOR_POOL}: the least a stored message costs before it may be delivered`,
    commits: latencies.length,
    latency_ms: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: round(Math.max(...latencies)) },
  };
}
