import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, openPostgres } from "../../../apps/server/src/db/client.js";
import { cores, isQuick, note, report } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { runApp, type AppRun } from "./app-run.js";
import { runBaseline } from "./baseline.js";
import { runFullBaseline } from "./full-baseline.js";
import { runHttpFloor } from "./http-floor.js";
import {
  columnDifferences,
  countRows,
  databaseNow,
  filledColumns,
  rowDifferences,
  rowsPerTrade,
  type FilledColumns,
  type RowCounts,
} from "./rows-written.js";
import {
  CLIENTS,
  CLOSED_LOOP_ROUNDS,
  COIN,
  COINS_PER_TRADE,
  GOAL_FULL_BASELINE_SHARE,
  GOAL_OPEN_LOOP_P99_MS,
  GOAL_SERIAL_SERVER_CPU_MS,
  OPEN_LOOP_TRADES_PER_S,
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
 * afterwards; and, on the same PostgreSQL server in the same run, the references it is measured
 * against: a light plain-SQL baseline (the same row locks and ledger rows), the full baseline
 * (every row the app writes, one SQL function call per transition) and the HTTP floor (those
 * functions behind a bare HTTP server, driven by the app's client).
 */

/**
 * BENCH_ORDERS_FLOOR_ROUND_TRIPS=app: after the app, the HTTP floor again with the app's round
 * trips a transition (each call the last of them), then plain, so the two are next to each other:
 * how much of the app's distance to the floor its round trips are.
 */
const FLOOR_WITH_APP_ROUND_TRIPS = process.env.BENCH_ORDERS_FLOOR_ROUND_TRIPS === "app";

/** For working on one part: BENCH_ORDERS_SKIP=baseline,full,floor,pglite (the report then lacks them). */
const SKIP = new Set((process.env.BENCH_ORDERS_SKIP ?? "").split(",").filter(Boolean));
class SkipPglite extends Error {}
async function runFullBaselineSkipped() {
  note("full baseline skipped (BENCH_ORDERS_SKIP)");
  return { trades_per_s: NaN, rows_per_trade: {} } as Awaited<ReturnType<typeof runFullBaseline>>;
}
/** A run's figures as reported: which columns its rows filled is checked (`columnDifferences`), not printed. */
function withoutColumns<T extends { filled_columns?: unknown }>(run: T): Omit<T, "filled_columns"> {
  const { filled_columns: _checked, ...figures } = run;
  return figures;
}

async function runBaselineSkipped() {
  note("baseline skipped (BENCH_ORDERS_SKIP)");
  return { trades_per_s: NaN } as Awaited<ReturnType<typeof runBaseline>>;
}

export async function ordersBench(): Promise<void> {
  const quick = isQuick();
  const timing: Timing = quick
    ? { durationMs: 5_000, warmupMs: 1_000, appWarmupMs: 5_000 }
    : { durationMs: 20_000, warmupMs: 3_000, appWarmupMs: 20_000 };

  const { baseline, full, fullRounds, floor, floorWithRoundTrips, postgres, appColumns } = await withPostgresDatabase("orders", async (url) => {
    let database = await openPostgres(url, 4);
    const cast = await prepareStore(database.db);
    await database.close();
    note(`postgres: ${MERCHANTS} merchants with ${MERCHANT_FUNDS} ${COIN} each and online offers, ${CLIENTS} users`);
    const baseline = SKIP.has("baseline") ? await runBaselineSkipped() : await runBaseline(url, cast, timing);
    const full = SKIP.has("full") ? await runFullBaselineSkipped() : await runFullBaseline(url, cast, timing);
    const floor = SKIP.has("floor") ? null : await runHttpFloor(url, cast, timing);
    database = await openPostgres(url, 2);
    const baselineViolations = await invariantViolations(database.db);
    await database.close();
    const before = await countRows(url);
    const since = await databaseNow(url);
    let appRows: RowCounts | null = null;
    let appColumns: FilledColumns | null = null;
    const fullRounds = [full];
    const app = await runApp("postgres", { DATABASE_URL: url }, cast, timing, () => openPostgres(url, 2), {
      activityUrl: url,
      openLoopTradesPerS: OPEN_LOOP_TRADES_PER_S,
      serial: true,
      // F A F A F: the full baseline again after each of the app's closed-loop rounds.
      interleave: {
        rounds: SKIP.has("full") ? 1 : CLOSED_LOOP_ROUNDS,
        after: async (round) => {
          // The app's rows a trade, counted before any other round writes its own.
          if (round === 1) {
            appRows = rowsPerTrade(before, await countRows(url));
            appColumns = await filledColumns(url, since);
          }
          if (!SKIP.has("full")) fullRounds.push(await runFullBaseline(url, cast, timing));
        },
      },
    });
    const postgres = { ...app, rows_per_trade: appRows! };
    const cost = await measureTradeCost(url, cast);
    note(
      `one trade: ${cost.statements.trade} statements in ${cost.round_trips.trade} round trips, ${app.serial!.server_cpu_ms_per_trade} ms of the server process's CPU, ${cost.postgres_cpu_ms_per_trade} ms PostgreSQL CPU (the full baseline's, one trade after another: ${cost.full_baseline_postgres_cpu_ms_per_trade} ms)`,
    );
    const floorWithRoundTrips =
      FLOOR_WITH_APP_ROUND_TRIPS && floor
        ? {
            round_trips: cost.round_trips,
            ...(await runHttpFloor(url, cast, timing, cost.round_trips)),
            plain_after: await runHttpFloor(url, cast, timing),
          }
        : null;
    return {
      baseline: { ...baseline, invariant_violations: baselineViolations.count },
      full,
      fullRounds,
      floor,
      floorWithRoundTrips,
      postgres: { ...postgres, serial_trade_cost: cost },
      appColumns,
    };
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
  // Each app round against the mean of the full baseline's rounds just before and just after it.
  const roundRatios = SKIP.has("full")
    ? []
    : postgres.closed_loop_rounds.map((r, i) => round(r.trades_per_s / ((fullRounds[i]!.trades_per_s + fullRounds[i + 1]!.trades_per_s) / 2), 3));
  const fullRatio = roundRatios.length ? round(roundRatios.reduce((a, b) => a + b, 0) / roundRatios.length, 2) : NaN;
  const open = postgres.open_loop!;
  const openP99 = Math.max(...TRANSITIONS.map((t) => open.latency_ms[t].p99));
  const serialCpu = postgres.serial!.server_cpu_ms_per_trade;
  // The same rows: as many a trade in each table, each filling the same columns.
  const sameRows = SKIP.has("full")
    ? []
    : [...rowDifferences(postgres.rows_per_trade, full.rows_per_trade), ...columnDifferences(appColumns!, full.filled_columns)];
  const goals = [
    { metric: "ratio_to_full_baseline", target: `>= ${GOAL_FULL_BASELINE_SHARE}`, value: fullRatio, met: fullRatio >= GOAL_FULL_BASELINE_SHARE },
    {
      metric: "postgres.serial.server_cpu_ms_per_trade",
      target: `<= ${GOAL_SERIAL_SERVER_CPU_MS}`,
      value: serialCpu,
      met: serialCpu <= GOAL_SERIAL_SERVER_CPU_MS,
    },
    {
      metric: `postgres.open_loop.latency_ms.*.p99 at ${OPEN_LOOP_TRADES_PER_S} trades/s offered`,
      target: `< ${GOAL_OPEN_LOOP_P99_MS}`,
      value: openP99,
      met: openP99 < GOAL_OPEN_LOOP_P99_MS && open.errors === 0,
    },
    {
      metric: "invariant_violations",
      target: "0",
      value: postgres.invariant_violations + pglite.invariant_violations,
      met: postgres.invariant_violations === 0 && pglite.invariant_violations === 0,
    },
    {
      metric: "full baseline writes the app's rows",
      target: "same rows per trade, filling the same columns",
      value: sameRows,
      met: sameRows.length === 0,
    },
  ];
  const result = {
    bench: "orders",
    cores,
    clients: CLIENTS,
    merchants: MERCHANTS,
    duration_s: timing.durationMs / 1000,
    warmup_s: timing.warmupMs / 1000,
    app_first_warmup_s: timing.appWarmupMs / 1000,
    trade: `buy ${COINS_PER_TRADE} ${COIN} for ${NAIRA_PER_TRADE} naira: create → accept (escrow lock) → mark-paid → confirm-payment (release)`,
    idempotency_keys: IDEMPOTENCY,
    server: "separate process, NODE_ENV=production, RATE_LIMITS=off, LOG_LEVEL=warn",
    trades_per_s: postgres.trades_per_s,
    ratio_to_full_baseline: fullRatio,
    ratio_to_full_baseline_by_round: roundRatios,
    ratio_to_baseline: ratio,
    invariant_violations: postgres.invariant_violations + pglite.invariant_violations,
    postgres,
    pglite,
    baseline: {
      what: `plain SQL over node-postgres, no app: per trade insert order; tx CAS→matched + available debit + escrow credit + transfer/entries/audit insert; CAS→in_progress; tx CAS→completed + buyer credit + escrow debit + transfer/entries/audit insert; ${CLIENTS} clients on a pool of ${SERVER_POOL} (the server's pool size), in the same fresh database just before the app's run (so the postgres figures' orders_in_store_by_status and invariant check include its orders)`,
      ...baseline,
      statements_per_trade: 14,
    },
    full_baseline: {
      what: `plain SQL, no app: every row the app writes for a trade (order, timer jobs, chat notices, notifications, audit rows, ledger transfers and entries, history rows, Idempotency-Key answers, realtime events through append_events) each row filling the columns the app's fill, with the session check, offer and balance checks and the same row locks, one SQL function call per transition (full-baseline.sql), ${CLIENTS} clients on a pool of ${SERVER_POOL}; run before the app and again after each of its closed-loop rounds (the figures here are the first round's)`,
      ...withoutColumns(full),
      rounds: fullRounds.map((f) => ({ trades_per_s: f.trades_per_s, machine_ms_per_trade: f.cpu?.ms_per_trade ?? NaN })),
    },
    ...(floor
      ? {
          http_floor: {
            what: `the full baseline's functions behind a bare Fastify server in its own process (http-floor-server.ts): the app's routes, bodies, answers and HTTP client, nothing else; what no HTTP API doing this trade here can beat`,
            ...floor,
            ratio_to_full_baseline: round(floor.trades_per_s / full.trades_per_s, 2),
            app_ratio_to_floor: round(postgres.trades_per_s / floor.trades_per_s, 2),
            ...(floorWithRoundTrips
              ? {
                  with_the_apps_round_trips: {
                    ...floorWithRoundTrips,
                    ratio_to_plain_floor_after: round(floorWithRoundTrips.trades_per_s / floorWithRoundTrips.plain_after.trades_per_s, 2),
                    app_ratio_to_it: round(postgres.trades_per_s / floorWithRoundTrips.trades_per_s, 2),
                  },
                }
              : {}),
          },
        }
      : {}),
    goal: {
      metric: "ratio_to_full_baseline, serial server CPU per trade, open-loop p99, invariant_violations",
      target: `>= ${GOAL_FULL_BASELINE_SHARE * 100}% of the full baseline, <= ${GOAL_SERIAL_SERVER_CPU_MS} ms, p99 < ${GOAL_OPEN_LOOP_P99_MS} ms at ${OPEN_LOOP_TRADES_PER_S} trades/s offered, 0 violations`,
      met: goals.every((g) => g.met),
    },
    goals,
    load_after_1m: round(loadavg()[0]!, 2),
  };
  // A partial run is for working on the code: shown, never recorded as a result.
  if (SKIP.size > 0) note(`partial run (BENCH_ORDERS_SKIP=${[...SKIP].join(",")}), not recorded:\n${JSON.stringify(result)}`);
  else report(result);
}
