import pg from "pg";
import { CpuMeter, cpuMsPer } from "../lib/cpu.js";
import { spawnProduct } from "../lib/product-process.js";
import { note } from "../lib/result.js";
import { appTrade } from "./app-run.js";
import { CLIENTS, SERVER_POOL, TRANSITIONS, type Cast, type Timing, type Transition } from "./config.js";
import { FUNCTIONS, openSessions } from "./full-baseline.js";
import { runLoop } from "./loop.js";

// ---------------------------------------------------------------------------------------------
// The HTTP floor: the full baseline's functions (one call per transition, every row the app
// writes) behind a bare Fastify server in its own process (http-floor-server.ts), driven by the
// app's own HTTP client and trade. What no HTTP API doing this trade on this machine can beat:
// the app's share of it is what the app's own design costs, the rest is HTTP and the load
// generator's side of it.
//
// With `roundTrips` (the app's, per transition), each function call is the last of as many round
// trips in one transaction as the app spends on that transition: the floor with the app's round
// trips and nothing else of the app (http-floor-server.ts, FLOOR_ROUND_TRIPS).

export async function runHttpFloor(url: string, cast: Cast, timing: Timing, roundTrips?: Record<Transition, number>) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let sessions: Map<string, string>;
  try {
    await pool.query(FUNCTIONS);
    sessions = await openSessions(pool, cast);
  } finally {
    await pool.end();
  }
  const tokens = new Map([...sessions].map(([userId, sessionId]) => [userId, `${sessionId}.${userId}`]));
  const counts = roundTrips && TRANSITIONS.map((t) => roundTrips[t]);
  const server = await spawnProduct(["--import", "tsx", "bench/src/orders/http-floor-server.ts"], {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(SERVER_POOL),
    NODE_ENV: "production",
    ...(counts ? { FLOOR_ROUND_TRIPS: counts.join(",") } : {}),
  });
  try {
    await server.ready;
    const shape = counts ? `, each call the last of the app's round trips (${counts.join(", ")})` : "";
    note(`http floor: the full baseline's functions behind a bare Fastify server${shape}, ${CLIENTS} clients over HTTP…`);
    const { trade, close } = appTrade(server.url, cast, tokens);
    const meter = new CpuMeter(server.child.pid ?? null);
    let cpu: ReturnType<CpuMeter["end"]> | null = null;
    const figures = await runLoop(trade, timing, { begin: () => meter.begin(), end: () => (cpu = meter.end()) });
    close();
    note(`http floor: ${figures.trades_per_s} trades/s, ${figures.errors} errors`);
    const used = cpu!;
    return { ...figures, cpu: { ...used, ms_per_trade: cpuMsPer(used, figures.trades_per_s) } };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- http floor server output ---\n${server.output().slice(-4000)}`, { cause: err });
  } finally {
    await server.stop();
  }
}
