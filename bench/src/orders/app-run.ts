import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import type { Database } from "../../../apps/server/src/db/client.js";
import { CpuMeter, cpuMsPer, processCpuSeconds } from "../lib/cpu.js";
import { spawnProduct, type ProductProcess } from "../lib/product-process.js";
import { note } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { activitySampler } from "./activity.js";
import {
  CLIENTS,
  COIN,
  NAIRA_PER_TRADE,
  PASSWORD,
  SERIAL_TRADES,
  SERIAL_WARMUP_TRADES,
  type Account,
  type Cast,
  type Timing,
  type Transition,
} from "./config.js";
import { httpClient, type HttpAnswer } from "./http-client.js";
import { invariantViolations, ordersByStatus } from "./invariants.js";
import { runLoop, runOpenLoop, type LoopFigures, type OpenLoopFigures, type StepResult, type Trade } from "./loop.js";

// ---------------------------------------------------------------------------------------------
// The app over HTTP.

export async function signInAll(baseUrl: string, accounts: Account[]): Promise<Map<string, string>> {
  const http = httpClient(baseUrl);
  const tokens = new Map<string, string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < accounts.length) {
        const account = accounts[next++]!;
        const res = await http.post("/api/auth/sign-in", null, { email: account.email, password: PASSWORD, client: "native" });
        if (res.status !== 200 || !res.body?.access_token) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
        tokens.set(account.id, res.body.access_token);
      }
    }),
  );
  http.close();
  return tokens;
}

export function appTrade(baseUrl: string, cast: Cast, tokens: Map<string, string>): { trade: Trade; close(): void } {
  const http = httpClient(baseUrl);
  const expect = (status: number, want: number, body: HttpAnswer["body"]): StepResult =>
    status === want ? { ok: true } : { ok: false, error: `${status} ${body?.error?.code ?? ""} ${body?.error?.message ?? JSON.stringify(body)}` };
  async function* trade(client: number): AsyncGenerator<[Transition, () => Promise<StepResult>]> {
    const user = cast.users[client]!;
    const merchant = cast.merchants[client % cast.merchants.length]!;
    const userToken = tokens.get(user.id)!;
    const merchantToken = tokens.get(merchant.id)!;
    let orderId = "";
    yield [
      "create",
      async () => {
        const res = await http.post("/api/orders", userToken, { merchant_id: merchant.id, coin: COIN, side: "buy", naira_amount: NAIRA_PER_TRADE });
        orderId = res.body?.order?.id;
        return expect(res.status, 201, res.body);
      },
    ];
    const act = (action: string, token: string) => async (): Promise<StepResult> => {
      const res = await http.post(`/api/orders/${orderId}/${action}`, token);
      if (res.status === 200 && action === "confirm-payment" && res.body?.order?.status !== "completed") {
        return { ok: false, error: `confirmed, but the order is ${res.body?.order?.status}` };
      }
      return expect(res.status, 200, res.body);
    };
    yield ["accept", act("accept", merchantToken)];
    yield ["mark_paid", act("mark-paid", userToken)];
    yield ["confirm", act("confirm-payment", merchantToken)];
  }
  return { trade, close: () => http.close() };
}

/** One closed-loop round of the app: what it made, the machine it took a trade, and its failed steps. */
export type ClosedRound = { trades_per_s: number; machine_ms_per_trade: number; errors: number };

/**
 * More closed-loop rounds of the app, each followed by `after` (the bench runs the full
 * baseline's next round there), so that each round is measured between two rounds of its
 * reference and the machine's drift over minutes falls on both.
 */
export type Interleave = { rounds: number; after: (round: number) => Promise<void> };

export type AppRunOptions = {
  /** Where the database sessions' activity is sampled during the (first) closed loop. */
  activityUrl?: string;
  /** Then the same server at a fixed offered rate. */
  openLoopTradesPerS?: number;
  /** Then one client's trades one after another (`serialServerCpu`). */
  serial?: boolean;
  interleave?: Interleave;
};

export type AppRun = LoopFigures & {
  cpu: ReturnType<CpuMeter["end"]> & { ms_per_trade: number };
  db_sessions_pct?: Record<string, number>;
  invariant_violations: number;
  violation_sample?: unknown[];
  orders_in_store_by_status: Record<string, number>;
  load_after_1m: number;
  /** The same server afterwards at a fixed offered rate (OPEN_LOOP_TRADES_PER_S), when asked. */
  open_loop?: OpenLoopFigures;
  /** Then one client's trades one after another: the server process's CPU a trade (`serialServerCpu`), when asked. */
  serial?: SerialFigures;
  /** Every closed-loop round, the first being the one the figures above describe. */
  closed_loop_rounds: ClosedRound[];
};

/** `ms_per_trade`: the wall time of a trade with nothing else in flight, round trips and all. */
export type SerialFigures = { trades: number; warmup_trades: number; server_cpu_ms_per_trade: number; ms_per_trade: number };

/**
 * The server process's own CPU for one trade, with nothing else in flight: one client runs
 * SERIAL_WARMUP_TRADES trades (V8 compiles the hot path, as in a server that has been running),
 * then SERIAL_TRADES more, over HTTP, while the server's CPU time is read from /proc before and
 * after (10 ms ticks: about 1 s of CPU in all, so within 1%).
 */
async function serialServerCpu(pid: number, trade: Trade): Promise<SerialFigures> {
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      for await (const [transition, step] of trade(0)) {
        const result = await step();
        if (!result.ok) throw new Error(`serial trade, ${transition}: ${result.error}`);
      }
    }
  };
  await run(SERIAL_WARMUP_TRADES);
  const before = processCpuSeconds(pid);
  const started = performance.now();
  await run(SERIAL_TRADES);
  const wall = performance.now() - started;
  const after = processCpuSeconds(pid);
  if (before === null || after === null) throw new Error("the server process's CPU time could not be read");
  return {
    trades: SERIAL_TRADES,
    warmup_trades: SERIAL_WARMUP_TRADES,
    server_cpu_ms_per_trade: round(((after - before) * 1000) / SERIAL_TRADES, 2),
    ms_per_trade: round(wall / SERIAL_TRADES, 2),
  };
}

export async function runApp(
  store: "postgres" | "pglite",
  env: Record<string, string>,
  cast: Cast,
  timing: Timing,
  reopen: () => Promise<Database>,
  options: AppRunOptions = {},
): Promise<AppRun> {
  const { activityUrl, openLoopTradesPerS, serial = false, interleave } = options;
  const nodeArgs = process.env.BENCH_ORDERS_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const product: ProductProcess = await spawnProduct([...nodeArgs, "--enable-source-maps", "apps/server/dist/main.js"], (url) => ({
    NODE_ENV: "production",
    PUBLIC_URL: url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    ...env,
  }));
  let figures: LoopFigures;
  let openLoop: OpenLoopFigures | undefined;
  let serialFigures: SerialFigures | undefined;
  let cpu: ReturnType<CpuMeter["end"]>;
  let sessions: Record<string, number> | undefined;
  const rounds: ClosedRound[] = [];
  const activity = activityUrl ? activitySampler(activityUrl) : null;
  try {
    await product.ready;
    await activity?.start();
    const tokens = await signInAll(product.url, [...cast.merchants, ...cast.users]);
    note(
      `${store}: server up, ${tokens.size} sessions; ${CLIENTS} clients for ${timing.appWarmupMs / 1000} s warm-up + ${timing.durationMs / 1000} s…`,
    );
    /** One closed-loop round against this server: its figures and the CPU it took; the first also warms the server up and samples the database sessions. */
    const closedRound = async (first: boolean) => {
      const { trade, close } = appTrade(product.url, cast, tokens);
      const meter = new CpuMeter(product.child.pid ?? null);
      let used: ReturnType<CpuMeter["end"]> | null = null;
      let activityPct: Record<string, number> | undefined;
      const loop = await runLoop(trade, first ? { ...timing, warmupMs: timing.appWarmupMs } : timing, {
        begin: () => {
          meter.begin();
          if (first) activity?.begin();
        },
        end: () => {
          used = meter.end();
          if (first) activityPct = activity?.end();
        },
      });
      close();
      const round: ClosedRound = { trades_per_s: loop.trades_per_s, machine_ms_per_trade: cpuMsPer(used!, loop.trades_per_s), errors: loop.errors };
      return { loop, cpu: used!, activityPct, round };
    };
    const first = await closedRound(true);
    ({ loop: figures, cpu, activityPct: sessions } = first);
    rounds.push(first.round);
    for (let round = 1; interleave && round <= interleave.rounds; round++) {
      await interleave.after(round);
      if (round === interleave.rounds) break;
      note(`${store}: closed loop, round ${round + 1}…`);
      rounds.push((await closedRound(false)).round);
    }
    if (openLoopTradesPerS) {
      note(`${store}: open loop, a trade started every ${1000 / openLoopTradesPerS} ms for ${timing.durationMs / 1000} s…`);
      const open = appTrade(product.url, cast, tokens);
      openLoop = await runOpenLoop(open.trade, openLoopTradesPerS, timing);
      open.close();
    }
    if (serial && product.child.pid) {
      note(`${store}: ${SERIAL_WARMUP_TRADES} + ${SERIAL_TRADES} trades one after another…`);
      const one = appTrade(product.url, cast, tokens);
      serialFigures = await serialServerCpu(product.child.pid, one.trade);
      one.close();
    }
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`, { cause: err });
  } finally {
    await activity?.close().catch(() => undefined);
    await product.stop();
  }
  const unexpected = product.output().trim();
  if (unexpected) note(`${store} server said:\n${unexpected.slice(-2000)}`);
  const load = loadavg()[0]!;
  const database = await reopen();
  try {
    const violations = await invariantViolations(database.db);
    const byStatus = await ordersByStatus(database.db);
    note(`${store}: ${figures.trades_per_s} trades/s, ${figures.errors} errors, ${violations.count} invariant violations`);
    return {
      ...figures,
      cpu: { ...cpu, ms_per_trade: cpuMsPer(cpu, figures.trades_per_s) },
      ...(sessions ? { db_sessions_pct: sessions } : {}),
      invariant_violations: violations.count,
      ...(violations.count ? { violation_sample: violations.sample } : {}),
      orders_in_store_by_status: byStatus,
      load_after_1m: round(load, 2),
      ...(openLoop ? { open_loop: openLoop } : {}),
      ...(serialFigures ? { serial: serialFigures } : {}),
      closed_loop_rounds: rounds,
    };
  } finally {
    await database.close();
  }
}
