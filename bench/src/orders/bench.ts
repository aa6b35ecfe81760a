import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, openPostgres } from "../../../apps/server/src/db/client.js";
import { cores, isQuick, note, report } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { runApp, type AppRun } from "./app-run.js";
import { runBaseline } from "./baseline.js";
import {
  CLIENTS,
  COIN,
  COINS_PER_TRADE,
  GOAL_BASELINE_SHARE,
  GOAL_P99_MS,
  GOAL_TRADES_PER_S,
  IDEMPOTENCY,
  MERCHANT_FUNDS,
  MERCHANTS,
  NAIRA_PER_TRADE,
  SERVER_POOL,
  TRANSITIONS,
  type Timing,
} from "./config.js";
import { invariantViolations } from "./invariants.js";
import { measureTradeCost } from "./trade-cost.js";
import { prepareStore } from "./store.js";
import { withPostgresDatabase } from "../lib/postgres-database.js";

/*
 * `npm run bench -- orders`: complete trades per second (create → accept → mark paid → confirm)
 * at 50 concurrent clients over HTTP against the real server process, on the real PostgreSQL
 * server and on PGlite, with p50/p99 per transition, errors and the ledger invariants checked
 * afterwards; and, on the same PostgreSQL server in the same run, a plain-SQL baseline taking the
 * same row locks and writing the same ledger rows without the app.
 */

/** For working on one part: BENCH_ORDERS_SKIP=baseline,pglite (the report then lacks them). */
const SKIP = new Set((process.env.BENCH_ORDERS_SKIP ?? "").split(",").filter(Boolean));
class SkipPglite extends Error {}
async function runBaselineSkipped() {
  note("baseline skipped (BENCH_ORDERS_SKIP)");
  return { trades_per_s: NaN } as Awaited<ReturnType<typeof runBaseline>>;
}

export async function ordersBench(): Promise<void> {
  const quick = isQuick();
  const timing: Timing = quick ? { durationMs: 5_000, warmupMs: 1_000 } : { durationMs: 20_000, warmupMs: 3_000 };

  const { baseline, postgres } = await withPostgresDatabase("orders", async (url) => {
    let database = await openPostgres(url, 4);
    const cast = await prepareStore(database.db);
    await database.close();
    note(`postgres: ${MERCHANTS} merchants with ${MERCHANT_FUNDS} ${COIN} each and online offers, ${CLIENTS} users`);
    const baseline = SKIP.has("baseline") ? await runBaselineSkipped() : await runBaseline(url, cast, timing);
    database = await openPostgres(url, 2);
    const baselineViolations = await invariantViolations(database.db);
    await database.close();
    const postgres = await runApp("postgres", { DATABASE_URL: url }, cast, timing, () => openPostgres(url, 2), url);
    const cost = await measureTradeCost(url, cast);
    note(
      `one trade: ${cost.statements.trade} statements, ${cost.server_cpu_ms.trade} ms server CPU, ${cost.postgres_cpu_ms_per_trade} ms PostgreSQL CPU`,
    );
    return { baseline: { ...baseline, invariant_violations: baselineViolations.count }, postgres: { ...postgres, serial_trade_cost: cost } };
  });

  const dataDir = mkdtempSync(join(tmpdir(), "p2p-bench-orders-"));
  let pglite: AppRun;
  try {
    if (SKIP.has("pglite")) throw new SkipPglite();
    const database = await openPglite(dataDir);
    const cast = await prepareStore(database.db);
    await database.close();
    pglite = await runApp("pglite", { DATA_DIR: dataDir }, cast, timing, () => openPglite(dataDir));
  } catch (err) {
    if (!(err instanceof SkipPglite)) throw err;
    pglite = { trades_per_s: NaN, invariant_violations: 0 } as AppRun;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const ratio = round(postgres.trades_per_s / baseline.trades_per_s, 2);
  const worstP99 = Math.max(...TRANSITIONS.map((t) => postgres.latency_ms[t].p99));
  const goals = [
    { metric: "postgres.trades_per_s", target: `>= ${GOAL_TRADES_PER_S}`, met: postgres.trades_per_s >= GOAL_TRADES_PER_S },
    { metric: "postgres.latency_ms.*.p99", target: `< ${GOAL_P99_MS}`, met: worstP99 < GOAL_P99_MS },
    { metric: "ratio_to_baseline", target: `>= ${GOAL_BASELINE_SHARE}`, met: ratio >= GOAL_BASELINE_SHARE },
    { metric: "invariant_violations", target: "0", met: postgres.invariant_violations === 0 && pglite.invariant_violations === 0 },
  ];
  const result = {
    bench: "orders",
    cores,
    clients: CLIENTS,
    merchants: MERCHANTS,
    duration_s: timing.durationMs / 1000,
    warmup_s: timing.warmupMs / 1000,
    trade: `buy ${COINS_PER_TRADE} ${COIN} for ${NAIRA_PER_TRADE} naira: create → accept (escrow lock) → mark-paid → confirm-payment (release)`,
    idempotency_keys: IDEMPOTENCY,
    server: "separate process, NODE_ENV=production, RATE_LIMITS=off, LOG_LEVEL=warn",
    trades_per_s: postgres.trades_per_s,
    ratio_to_baseline: ratio,
    invariant_violations: postgres.invariant_violations + pglite.invariant_violations,
    postgres,
    pglite,
    baseline: {
      what: `plain SQL over node-postgres, no app: per trade insert order; tx CAS→matched + available debit + escrow credit + transfer/entries/audit insert; CAS→in_progress; tx CAS→completed + buyer credit + escrow debit + transfer/entries/audit insert; ${CLIENTS} clients on a pool of ${SERVER_POOL} (the server's pool size), in the same fresh database just before the app's run (so the postgres figures' orders_in_store_by_status and invariant check include its orders)`,
      ...baseline,
      statements_per_trade: 14,
    },
    goal: {
      metric: "postgres.trades_per_s, worst p99, ratio_to_baseline, invariant_violations",
      target: `>= ${GOAL_TRADES_PER_S}/s, p99 < ${GOAL_P99_MS} ms, >= ${GOAL_BASELINE_SHARE * 100}% of baseline, 0 violations`,
      met: goals.every((g) => g.met),
    },
    goals,
    load_after_1m: round(loadavg()[0]!, 2),
  };
  // A partial run is for working on the code: shown, never recorded as a result.
  if (SKIP.size > 0) note(`partial run (BENCH_ORDERS_SKIP=${[...SKIP].join(",")}), not recorded:\n${JSON.stringify(result)}`);
  else report(result);
}
