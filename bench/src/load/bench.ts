import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { openPostgres } from "../../../apps/server/src/db/client.js";
import { CpuMeter, type CpuFigures } from "../lib/cpu.js";
import { withPostgresDatabase } from "../lib/postgres-database.js";
import { spawnProduct } from "../lib/product-process.js";
import { cores, isQuick, note, report } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { invariantViolations, ordersByStatus } from "../orders/invariants.js";
import { GOAL_ERRORS, MERCHANTS, loadShape, type LoadShape } from "./config.js";
import { drive, Recorder } from "./drive.js";
import { loadClient, type LoadClient } from "./http.js";
import { serverMemory } from "./server-memory.js";
import { signInAll } from "./sign-in.js";
import { prepareStore, type Cast } from "./store.js";
import { SESSION_MIX, tradeSession } from "./trade-session.js";

/*
 * `npm run bench -- load`: the product as its own process on a throwaway PostgreSQL database, and
 * from this process a mixed load of virtual users (browse offers, trade with chat, clear
 * notifications), closed loop without think time. Baseline in the same run, on the same server
 * process and at the same concurrency: GET /api/health.
 */

type Window = { cpu: CpuFigures | null; memory: ReturnType<typeof serverMemory> | null };

/** Drives `iteration` for warm-up + duration and notes CPU and the server's memory as the window closes. */
async function measure(
  shape: LoadShape,
  timing: { warmupMs: number; durationMs: number },
  pid: number,
  iteration: (recorder: Recorder, user: number) => Promise<void>,
) {
  const recorder = new Recorder();
  const meter = new CpuMeter(pid);
  const window: Window = { cpu: null, memory: null };
  await drive(shape.users, timing, recorder, (user) => iteration(recorder, user), {
    begin: () => meter.begin(),
    end: () => {
      window.cpu = meter.end();
      window.memory = serverMemory(pid);
    },
  });
  return { recorder, cpu: window.cpu!, memory: window.memory! };
}

async function runServer(databaseUrl: string, cast: Cast, shape: LoadShape) {
  const product = await spawnProduct(["--enable-source-maps", "apps/server/dist/main.js"], (url) => ({
    NODE_ENV: "production",
    PUBLIC_URL: url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    // Every virtual user comes from one address and each merchant serves many of them: the per-IP
    // limits are off and the per-account chat limit is raised far above the load (still counted).
    RATE_LIMITS: "off",
    RATE_LIMIT_CHAT_PER_MINUTE: "1000000",
  }));
  let http: LoadClient | null = null;
  try {
    await product.ready;
    const pid = product.child.pid!;
    http = loadClient(product.url, shape.users * 2);
    const tokens = await signInAll(http, [...cast.merchants, ...cast.users]);
    const idle = serverMemory(pid);
    const party = (id: string) => ({ id, token: tokens.get(id)! });

    note(`baseline: GET /api/health, ${shape.users} users for ${shape.baselineMs / 1000} s…`);
    const health = await measure(shape, { warmupMs: 1_000, durationMs: shape.baselineMs }, pid, (recorder) =>
      recorder.call("GET /api/health", 200, () => http!.get("/api/health")).then(() => recorder.done()),
    );

    note(`mixed load: ${shape.users} users for ${shape.warmupMs / 1000} s warm-up + ${shape.durationMs / 1000} s…`);
    const mixed = await measure(shape, shape, pid, (recorder, user) =>
      tradeSession(http!, recorder, party(cast.users[user]!.id), party(cast.merchants[user % cast.merchants.length]!.id)),
    );
    const unexpected = product.output().trim();
    if (unexpected) note(`the server said:\n${unexpected.slice(-2000)}`);
    return { idle, health, mixed };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`, { cause: err });
  } finally {
    http?.close();
    await product.stop();
  }
}

export async function loadBench(): Promise<void> {
  const shape = loadShape(isQuick());
  const { idle, health, mixed, violations, byStatus } = await withPostgresDatabase("load", async (url) => {
    let database = await openPostgres(url, 4);
    const cast = await prepareStore(database.db, shape.users);
    await database.close();
    note(`postgres: ${MERCHANTS} merchants with online offers, ${shape.users} users`);
    const run = await runServer(url, cast, shape);
    database = await openPostgres(url, 2);
    try {
      return { ...run, violations: await invariantViolations(database.db), byStatus: await ordersByStatus(database.db) };
    } finally {
      await database.close();
    }
  });

  const seconds = shape.durationMs / 1000;
  const figures = mixed.recorder.figures(shape.durationMs);
  const baseline = health.recorder.figures(shape.baselineMs);
  const trades = mixed.recorder.completed;
  const goals = [
    { metric: "errors", target: `= ${GOAL_ERRORS}`, met: figures.errors === GOAL_ERRORS },
    { metric: "invariant_violations", target: "0", met: violations.count === 0 },
  ];
  note(
    `${figures.requests_per_s} requests/s, ${round(trades / seconds)} trades/s, ${figures.errors} errors; health baseline ${baseline.requests_per_s} requests/s`,
  );
  report({
    bench: "load",
    cores,
    users: shape.users,
    merchants: MERCHANTS,
    duration_s: seconds,
    warmup_s: shape.warmupMs / 1000,
    think_time_ms: 0,
    iteration: SESSION_MIX,
    server: "separate process, NODE_ENV=production, PostgreSQL (throwaway database), RATE_LIMITS=off, chat limit raised, LOG_LEVEL=warn",
    requests_per_s: figures.requests_per_s,
    trades_per_s: round(trades / seconds),
    trades,
    errors: figures.errors,
    errors_by_status: figures.errors_by_status,
    error_samples: figures.error_samples,
    latency_ms: figures.latency_ms,
    server_memory_mb: { idle_rss: idle.rss_mb, rss_at_end: mixed.memory.rss_mb, peak_rss: mixed.memory.peak_rss_mb },
    cpu: mixed.cpu,
    invariant_violations: violations.count,
    ...(violations.count ? { violation_sample: violations.sample } : {}),
    orders_in_store_by_status: byStatus,
    ratio_to_baseline: round(figures.requests_per_s / baseline.requests_per_s, 3),
    baseline: {
      what: `GET /api/health (no session; a database ping and a pending-jobs count) from the same ${shape.users} closed-loop users against the same server process, just before the mixed load; ${shape.baselineMs / 1000} s after 1 s warm-up`,
      requests_per_s: baseline.requests_per_s,
      latency_ms: baseline.latency_ms["GET /api/health"],
      errors: baseline.errors,
      cpu: health.cpu,
    },
    goal: { metric: "errors, invariant_violations", target: "0 errors, 0 violations", met: goals.every((g) => g.met) },
    goals,
    load_after_1m: round(loadavg()[0]!, 2),
  });
}
