import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { loadConfig } from "../../../apps/server/src/config.js";
import { startServer } from "../../../apps/server/src/server.js";
import { PipelinedClient } from "../../../apps/server/src/db/pipelined-client.js";
import { BracketedQuery, PrepareTransactionVerbs } from "../../../apps/server/src/db/bracketed-query.js";
import { processCpuSeconds } from "../lib/cpu.js";
import { round } from "../lib/stats.js";
import { COIN, IDEMPOTENCY, NAIRA_PER_TRADE, PASSWORD, TRANSITIONS, type Cast, type Transition } from "./config.js";
import { FUNCTIONS, fullTrade, openSessions } from "./full-baseline.js";

type PerTransition = Record<Transition | "trade", number>;
export type TradeCost = {
  trades: number;
  warmup_trades: number;
  statements: PerTransition;
  /** Statements the server waited for: BEGIN and a COMMIT written under a statement's Sync are not (db/pipelined-client.ts). */
  round_trips: PerTransition;
  in_process_cpu_ms: PerTransition;
  postgres_cpu_ms_per_trade: number;
  /** The full baseline's trades one after another on one connection: PostgreSQL's CPU a trade when every row is written by one function call a transition. */
  full_baseline_postgres_cpu_ms_per_trade: number | null;
};

/**
 * What one trade costs in statements and database CPU, whatever the machine's load: the server
 * built in this process on the bench's PostgreSQL database, trades run one after another through
 * `inject` (no sockets), after enough of them for V8 to have compiled the hot path, as in a
 * server that has been running. Counted per transition: SQL statements its pool sends (BEGIN and
 * COMMIT included; the plain-SQL baseline sends 14 per trade) and this process's CPU time; per
 * trade, the CPU time of the database's backends serving it (from /proc, so only when PostgreSQL
 * runs on this machine). This process's CPU holds the client's side too (`inject` building each
 * request and reading each answer): the server's own CPU a trade is measured on the server
 * process instead (app-run.ts, `serialServerCpu`), and that is the goal's figure.
 */
export async function measureTradeCost(url: string, cast: Cast, trades = 200, warmup = 300): Promise<TradeCost> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: url,
    PUBLIC_URL: "http://localhost:1",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    RATE_LIMITS: "off",
    LOG_LEVEL: "silent",
  });
  const server = await startServer(config, { listen: false, startJobs: false, logger: pino({ level: "silent" }) });
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  const query = pg.Client.prototype.query;
  let count = 0;
  let unwaited = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [sent] = args;
    // Preparing BEGIN and COMMIT is once a connection, not a trade's.
    if (!(sent instanceof PrepareTransactionVerbs)) {
      // BEGIN and COMMIT written under a statement's Sync are statements, not round trips.
      const verbs = sent instanceof BracketedQuery ? sent.verbs : 0;
      count += 1 + verbs;
      unwaited += verbs;
      // A BEGIN written as a query of its own (before a simple query) is not waited for either.
      if (this instanceof PipelinedClient && (sent === "begin" || (sent as { text?: unknown } | undefined)?.text === "begin")) unwaited++;
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  // A statement written while another of the same connection is still out is not waited for on
  // its own: the two answers come back in one round trip (create-order.ts's lock ahead of the insert).
  const pipelinedQuery = PipelinedClient.prototype.query;
  const inFlight = new WeakMap<object, number>();
  PipelinedClient.prototype.query = function (this: PipelinedClient, ...args: unknown[]) {
    const result = (pipelinedQuery as (...a: unknown[]) => unknown).apply(this, args) as Promise<unknown> | undefined;
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
    if (result && typeof result.then === "function" && !/^(begin|commit|rollback)$/i.test(String(text).trim())) {
      const out = inFlight.get(this) ?? 0;
      if (out > 0) unwaited++;
      inFlight.set(this, out + 1);
      const settled = () => inFlight.set(this, inFlight.get(this)! - 1);
      result.then(settled, settled);
    }
    return result as never;
  } as typeof pipelinedQuery;
  try {
    const post = async (path: string, token: string | null, body?: unknown) => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (token && IDEMPOTENCY) headers["idempotency-key"] = randomUUID();
      const res = await server.server.inject({ method: "POST", url: path, headers, ...(body === undefined ? {} : { payload: body as object }) });
      if (res.statusCode >= 300) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
      return res.json() as { access_token?: string; order?: { id: string } };
    };
    const signIn = async (email: string) => (await post("/api/auth/sign-in", null, { email, password: PASSWORD, client: "native" })).access_token!;
    const user = cast.users[0]!;
    const merchant = cast.merchants[0]!;
    const userToken = await signIn(user.email);
    const merchantToken = await signIn(merchant.email);

    const zero = () => Object.fromEntries(TRANSITIONS.map((t) => [t, 0])) as Record<Transition, number>;
    let statements = zero();
    let roundTrips = zero();
    let cpuMicros = zero();
    const counted = async <T>(transition: Transition, run: () => Promise<T>): Promise<T> => {
      const before = count;
      const unwaitedBefore = unwaited;
      const cpu = process.cpuUsage();
      const result = await run();
      const used = process.cpuUsage(cpu);
      cpuMicros[transition] += used.user + used.system;
      statements[transition] += count - before;
      roundTrips[transition] += count - before - (unwaited - unwaitedBefore);
      return result;
    };
    const backends = async () => {
      const { rows } = await monitor.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return rows.map((r) => r.pid);
    };
    let postgresBefore = 0;
    for (let i = 0; i < warmup + trades; i++) {
      if (i === warmup) {
        statements = zero();
        roundTrips = zero();
        cpuMicros = zero();
        postgresBefore = (await backends()).reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);
      }
      const created = await counted("create", () =>
        post("/api/orders", userToken, { merchant_id: merchant.id, coin: COIN, side: "buy", naira_amount: NAIRA_PER_TRADE }),
      );
      const id = created.order!.id;
      await counted("accept", () => post(`/api/orders/${id}/accept`, merchantToken));
      await counted("mark_paid", () => post(`/api/orders/${id}/mark-paid`, userToken));
      await counted("confirm", () => post(`/api/orders/${id}/confirm-payment`, merchantToken));
    }
    const postgresAfter = (await backends()).reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);
    const per = (totals: Record<Transition, number>, scale: number): PerTransition => {
      const each = Object.fromEntries(TRANSITIONS.map((t) => [t, round(totals[t] / scale / trades)])) as Record<Transition, number>;
      return { ...each, trade: round(TRANSITIONS.reduce((sum, t) => sum + totals[t], 0) / scale / trades) };
    };
    return {
      trades,
      warmup_trades: warmup,
      statements: per(statements, 1),
      round_trips: per(roundTrips, 1),
      in_process_cpu_ms: per(cpuMicros, 1000),
      postgres_cpu_ms_per_trade: round(((postgresAfter - postgresBefore) * 1000) / trades),
      full_baseline_postgres_cpu_ms_per_trade: await fullBaselinePostgresCpu(url, cast, trades, warmup),
    };
  } finally {
    pg.Client.prototype.query = query;
    PipelinedClient.prototype.query = pipelinedQuery;
    await monitor.end();
    await server.close();
  }
}

/**
 * PostgreSQL's CPU a trade of the full baseline (full-baseline.sql), its trades one after another
 * on one connection, as the app's are measured above: the floor of the database's own work for
 * the rows a trade writes. Null when the backend's CPU cannot be read (PostgreSQL elsewhere).
 */
async function fullBaselinePostgresCpu(url: string, cast: Cast, trades: number, warmup: number): Promise<number | null> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(FUNCTIONS);
    const trade = fullTrade(pool, cast, await openSessions(pool, cast));
    const { rows } = await pool.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]!.pid;
    let before: number | null = null;
    for (let i = 0; i < warmup + trades; i++) {
      if (i === warmup) before = processCpuSeconds(pid);
      for await (const [transition, step] of trade(0)) {
        const result = await step();
        if (!result.ok) throw new Error(`full baseline ${transition}: ${result.error}`);
      }
    }
    const after = processCpuSeconds(pid);
    return before === null || after === null ? null : round(((after - before) * 1000) / trades);
  } finally {
    await pool.end();
  }
}
