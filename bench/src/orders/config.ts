import { randomBytes } from "node:crypto";
import { loadConfig } from "../../../apps/server/src/config.js";

/** What the orders benchmark runs: its size, the trade, the goals. */

export { POSTGRES_URL } from "../lib/postgres-database.js";
export const CLIENTS = Number(process.env.BENCH_ORDERS_CLIENTS ?? 50);
export const MERCHANTS = Number(process.env.BENCH_ORDERS_MERCHANTS ?? 10);
/** Every POST carries an Idempotency-Key, as a careful client on a mobile network sends it. */
export const IDEMPOTENCY = process.env.BENCH_ORDERS_IDEMPOTENCY !== "off";
/** The pool size of the server's PostgreSQL client (DATABASE_POOL_SIZE, as the server reads it); the baseline uses the same. */
export const SERVER_POOL = loadConfig({ NODE_ENV: "development", DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE;

export const COIN = "USDT";
export const SELL_PRICE = "1000.00";
export const NAIRA_PER_TRADE = "10000.00";
export const COINS_PER_TRADE = "10.00000000"; // NAIRA_PER_TRADE / SELL_PRICE
export const MERCHANT_FUNDS = "100000000";
export const PASSWORD = `bench-orders-${randomBytes(6).toString("hex")}`;

/**
 * The goals of issue #21, against the real floor: the full-fidelity baseline (every row the app
 * writes, one SQL call per transition) in the same run, the server's CPU per serial trade, and
 * the latency a person sees at a fixed offered rate (an open loop: in a closed loop of 50 clients
 * at 1,000 transitions/s the mean latency is 50 ms by arithmetic, so a p99 goal there cannot hold).
 */
export const GOAL_FULL_BASELINE_SHARE = 0.6;
export const GOAL_SERIAL_SERVER_CPU_MS = 6;
/** Serial trades against the server process: enough first for V8 to have compiled the hot path, then the measured ones. */
export const SERIAL_WARMUP_TRADES = 300;
export const SERIAL_TRADES = 200;
export const OPEN_LOOP_TRADES_PER_S = 50;
/**
 * The app's closed loop runs in this many rounds, each between two rounds of the full baseline
 * (F A F A F): its share is each round's trades/s against the mean of the two around it. This
 * machine's speed moved by a third between phases minutes apart; a single F then A put that
 * drift into the ratio.
 */
export const CLOSED_LOOP_ROUNDS = 2;
export const GOAL_OPEN_LOOP_P99_MS = 50;

export const TRANSITIONS = ["create", "accept", "mark_paid", "confirm"] as const;
export type Transition = (typeof TRANSITIONS)[number];

export type Account = { id: string; email: string; role: "user" | "merchant" | "admin" };
export type Cast = { admin: Account; merchants: Account[]; users: Account[] };

/**
 * A measured window after a warm-up. The app's server process warms up longer before its first
 * closed-loop round (`appWarmupMs`), as the serial phase runs its 300 trades first: after the
 * 3 s warm-up the baselines need, its first round was the slower in the first four bracketed runs
 * (80.2 then 99.6 trades/s, 77.2 then 100.0 in a quick one), V8 still compiling the hot path. The
 * server being measured is one that has been running.
 */
export type Timing = { durationMs: number; warmupMs: number; appWarmupMs: number };
