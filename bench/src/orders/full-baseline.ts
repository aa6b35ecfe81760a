import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { CpuMeter, cpuMsPer } from "../lib/cpu.js";
import { note } from "../lib/result.js";
import { activitySampler } from "./activity.js";
import { CLIENTS, COIN, NAIRA_PER_TRADE, SERVER_POOL, type Cast, type Timing, type Transition } from "./config.js";
import { runLoop, type StepResult, type Trade } from "./loop.js";
import { countRows, databaseNow, filledColumns, rowsPerTrade } from "./rows-written.js";

// ---------------------------------------------------------------------------------------------
// The full-fidelity baseline: every row the app writes for a trade (full-baseline.sql), one SQL
// function call per transition, on a pool of the server's size, with the same clients.

export const FUNCTIONS = readFileSync(new URL("./full-baseline.sql", import.meta.url), "utf8");

/** A session row per person, as a sign-in writes it: the functions check it as every request does. */
export async function openSessions(pool: pg.Pool, cast: Cast): Promise<Map<string, string>> {
  const ids = [...cast.merchants, ...cast.users].map((a) => a.id);
  const { rows } = await pool.query<{ id: string; user_id: string }>(
    `insert into sessions (user_id, client, refresh_hash, expires_at)
     select u, 'native', md5(random()::text || u::text), now() + interval '1 day' from unnest($1::uuid[]) as u
     returning id, user_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, r.id]));
}

export function fullTrade(pool: pg.Pool, cast: Cast, sessions: Map<string, string>): Trade {
  const call = async (sql: string, values: unknown[]): Promise<StepResult> => {
    try {
      await pool.query(sql, values);
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  };
  // What the app stores beside each Idempotency-Key: the request's hash.
  const keyed = (body: unknown) => [randomUUID(), createHash("sha256").update(JSON.stringify(body)).digest("hex")];
  return async function* trade(client: number): AsyncGenerator<[Transition, () => Promise<StepResult>]> {
    const user = cast.users[client]!;
    const merchant = cast.merchants[client % cast.merchants.length]!;
    const as = (id: string) => [sessions.get(id)!, id];
    let orderId = "";
    yield [
      "create",
      async () => {
        try {
          const { rows } = await pool.query<{ body: string }>(`select bench_create($1, $2, $3, $4, $5, $6, $7) as body`, [
            ...as(user.id),
            merchant.id,
            COIN,
            NAIRA_PER_TRADE,
            ...keyed({ merchant_id: merchant.id, coin: COIN, naira_amount: NAIRA_PER_TRADE }),
          ]);
          orderId = JSON.parse(rows[0]!.body).order.id;
          return { ok: true };
        } catch (err) {
          return { ok: false, error: (err as Error).message };
        }
      },
    ];
    yield ["accept", () => call(`select bench_accept($1, $2, $3, $4, $5)`, [...as(merchant.id), orderId, ...keyed(orderId)])];
    yield ["mark_paid", () => call(`select bench_mark_paid($1, $2, $3, $4, $5)`, [...as(user.id), orderId, ...keyed(orderId)])];
    yield ["confirm", () => call(`select bench_confirm($1, $2, $3, $4, $5)`, [...as(merchant.id), orderId, ...keyed(orderId)])];
  };
}

export async function runFullBaseline(url: string, cast: Cast, timing: Timing) {
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL });
  try {
    await pool.query(FUNCTIONS);
    const sessions = await openSessions(pool, cast);
    note(`full baseline: one SQL function per transition, every row the app writes, ${CLIENTS} clients on a pool of ${SERVER_POOL}…`);
    const meter = new CpuMeter(null);
    const activity = activitySampler(url);
    await activity.start();
    const before = await countRows(url);
    const since = await databaseNow(url);
    let cpu: ReturnType<CpuMeter["end"]> | null = null;
    let dbSessions: Record<string, number> = {};
    try {
      const figures = await runLoop(fullTrade(pool, cast, sessions), timing, {
        begin: () => {
          meter.begin();
          activity.begin();
        },
        end: () => {
          cpu = meter.end();
          dbSessions = activity.end();
        },
      });
      const rows = rowsPerTrade(before, await countRows(url));
      const columns = await filledColumns(url, since);
      note(`full baseline: ${figures.trades_per_s} trades/s, ${figures.errors} errors`);
      const used = cpu!;
      return {
        ...figures,
        statements_per_trade: 4,
        rows_per_trade: rows,
        filled_columns: columns,
        cpu: { ...used, ms_per_trade: cpuMsPer(used, figures.trades_per_s) },
        db_sessions_pct: dbSessions,
      };
    } finally {
      await activity.close();
    }
  } finally {
    await pool.end();
  }
}
