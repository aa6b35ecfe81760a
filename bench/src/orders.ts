import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { formatCoin, parseCoin } from "@p2p/shared";
import { loadConfig } from "../../apps/server/src/config.js";
import { openPglite, openPostgres, queryRows, type Database, type Db } from "../../apps/server/src/db/client.js";
import { profiles, userRoles, users } from "../../apps/server/src/db/schema.js";
import { hashPassword } from "../../apps/server/src/auth/passwords.js";
import { prepareTradingStore } from "../../apps/server/src/ledger/prepare-trading-store.js";
import { verifyLedger } from "../../apps/server/src/ledger/verify-ledger.js";
import { createDeposit } from "../../apps/server/src/wallet/create-deposit.js";
import { confirmDeposit } from "../../apps/server/src/wallet/confirm-deposit.js";
import { upsertOffer } from "../../apps/server/src/offers/upsert-offer.js";
import { sql } from "drizzle-orm";
import { CpuMeter, cpuMsPer } from "./lib/cpu.js";
import { spawnProduct, type ProductProcess } from "./lib/product-process.js";
import { cores, isQuick, note, report } from "./lib/result.js";
import { quantile, round } from "./lib/stats.js";

/*
 * `npm run bench -- orders`: complete trades per second (create → accept → mark paid → confirm)
 * at 50 concurrent clients over HTTP against the real server process, on the real PostgreSQL
 * server and on PGlite, with p50/p99 per transition, errors and the ledger invariants checked
 * afterwards; and, on the same PostgreSQL server in the same run, a plain-SQL baseline taking the
 * same row locks and writing the same ledger rows without the app.
 */

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_ORDERS_CLIENTS ?? 50);
const MERCHANTS = Number(process.env.BENCH_ORDERS_MERCHANTS ?? 10);
/** Every POST carries an Idempotency-Key, as a careful client on a mobile network sends it. */
const IDEMPOTENCY = process.env.BENCH_ORDERS_IDEMPOTENCY !== "off";
/** The pool size of the server's PostgreSQL client (openPostgres' default); the baseline uses the same. */
const SERVER_POOL = 20;

const COIN = "USDT";
const SELL_PRICE = "1000.00";
const NAIRA_PER_TRADE = "10000.00";
const COINS_PER_TRADE = "10.00000000"; // NAIRA_PER_TRADE / SELL_PRICE
const MERCHANT_FUNDS = "100000000";
const PASSWORD = `bench-orders-${randomBytes(6).toString("hex")}`;

const GOAL_TRADES_PER_S = 250;
const GOAL_P99_MS = 50;
const GOAL_BASELINE_SHARE = 0.4;

const TRANSITIONS = ["create", "accept", "mark_paid", "confirm"] as const;
type Transition = (typeof TRANSITIONS)[number];

type Account = { id: string; email: string; role: "user" | "merchant" | "admin" };
type Cast = { admin: Account; merchants: Account[]; users: Account[] };

type Timing = { durationMs: number; warmupMs: number };

// ---------------------------------------------------------------------------------------------
// The store: users, merchants with online offers and deposits, written through the use cases
// before the server starts (PGlite allows only one process in its data folder).

async function insertAccount(db: Db, role: Account["role"], passwordHash: string, label: string): Promise<Account> {
  const suffix = randomBytes(5).toString("hex");
  const email = `bench.${label}.${suffix}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, fullName: `Bench ${label} ${suffix}`, passwordHash, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const phoneNumber = `+23480${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, "0")}`;
  await db.insert(profiles).values({ id: user!.id, username: `bench_${label}_${suffix}`, phoneNumber });
  await db.insert(userRoles).values({ userId: user!.id, role });
  return { id: user!.id, email, role };
}

async function prepareStore(db: Db): Promise<Cast> {
  await prepareTradingStore(db, loadConfig({ NODE_ENV: "development" }));
  const passwordHash = await hashPassword(PASSWORD);
  const admin = await insertAccount(db, "admin", passwordHash, "admin");
  const merchants: Account[] = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const merchant = await insertAccount(db, "merchant", passwordHash, `merchant${i}`);
    const deposit = await createDeposit({
      db,
      userId: merchant.id,
      input: { coin: COIN, amount: MERCHANT_FUNDS, tx_hash: `0x${randomBytes(32).toString("hex")}` },
    });
    await confirmDeposit({ db, adminId: admin.id, depositId: deposit.id });
    await upsertOffer({
      db,
      merchantId: merchant.id,
      coin: COIN,
      input: {
        buy_price: "950.00",
        sell_price: SELL_PRICE,
        min_order: "1000.00",
        max_order: "1000000.00",
        bank_name: "Zenith Bank",
        account_number: "0123456789",
        account_name: `Bench Merchant ${i}`,
        terms: "",
        online: true,
      },
    });
    merchants.push(merchant);
  }
  const traders: Account[] = [];
  for (let i = 0; i < CLIENTS; i++) traders.push(await insertAccount(db, "user", passwordHash, `user${i}`));
  return { admin, merchants, users: traders };
}

async function invariantViolations(db: Db): Promise<{ count: number; sample: unknown[] }> {
  const violations = await verifyLedger(db);
  return { count: violations.reduce((n, v) => n + v.rows.length, 0), sample: violations.slice(0, 3) };
}

async function ordersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from orders group by status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * What the database's sessions of the benchmark are doing, sampled every 50 ms during the
 * window: active on the CPU, waiting for a row lock, waiting for I/O or WAL, or idle in a
 * transaction (waiting for the app's next statement). Shares of all samples, in percent.
 */
function activitySampler(url: string) {
  const dbName = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let total = 0;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  return {
    async start() {
      await client.connect();
    },
    begin() {
      timer = setInterval(async () => {
        if (busy) return;
        busy = true;
        try {
          const { rows } = await client.query<{ what: string; n: number }>(
            `select case when state = 'idle in transaction' then 'idle_in_transaction'
                         when state = 'active' and wait_event_type is null then 'active_cpu'
                         when state = 'active' then 'active_wait:' || wait_event_type || ':' || wait_event
                         else coalesce(state, 'unknown') end as what, count(*)::int as n
             from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`,
            [dbName],
          );
          for (const r of rows) {
            counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
            total += r.n;
          }
        } catch {
          // a missed sample; the shares come from the others
        } finally {
          busy = false;
        }
      }, 50);
    },
    end(): Record<string, number> {
      if (timer) clearInterval(timer);
      return Object.fromEntries(
        [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, Math.round((n / Math.max(total, 1)) * 1000) / 10]),
      );
    },
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// A lean HTTP client: keep-alive sockets, no fetch machinery, so the load generator takes as
// little of the shared cores as it can.

type HttpAnswer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

function httpClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const host = hostname === "localhost" ? "127.0.0.1" : hostname;
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
  return {
    post(path: string, token: string | null, body?: unknown): Promise<HttpAnswer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      if (IDEMPOTENCY && token) headers["idempotency-key"] = randomUUID();
      return new Promise((resolve, reject) => {
        const req = request({ host, port, path, method: "POST", agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------
// The measured loop, shared by the app and the baseline: each client runs whole trades, one
// transition after another, until the window closes, and finishes the trade it is in.

type StepResult = { ok: true } | { ok: false; error: string };
type Trade = (client: number) => AsyncGenerator<[Transition, () => Promise<StepResult>]>;

type LoopFigures = {
  trades_per_s: number;
  transitions_per_s: number;
  trades: number;
  transitions: number;
  latency_ms: Record<Transition, { p50: number; p99: number; max: number }>;
  errors: number;
  error_samples: string[];
};

async function runLoop(trade: Trade, timing: Timing, onWindow?: { begin(): void; end(): void }): Promise<LoopFigures> {
  const t0 = performance.now();
  const windowStart = t0 + timing.warmupMs;
  const windowEnd = windowStart + timing.durationMs;
  const samples = Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]])) as Record<Transition, number[]>;
  let trades = 0;
  let transitions = 0;
  let errors = 0;
  const errorSamples = new Map<string, number>();
  let begun = false;
  const windowTimer = setTimeout(() => {
    begun = true;
    onWindow?.begin();
  }, timing.warmupMs);
  const endTimer = setTimeout(() => onWindow?.end(), timing.warmupMs + timing.durationMs);

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < windowEnd) {
        for await (const [transition, step] of trade(client)) {
          const started = performance.now();
          let result: StepResult;
          try {
            result = await step();
          } catch (err) {
            result = { ok: false, error: (err as Error).message };
          }
          const ended = performance.now();
          const inWindow = ended >= windowStart && ended <= windowEnd;
          if (!result.ok) {
            if (inWindow) errors++;
            const key = `${transition}: ${result.error}`.slice(0, 300);
            errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
            break;
          }
          if (started >= windowStart && started <= windowEnd) samples[transition].push(ended - started);
          if (inWindow) {
            transitions++;
            if (transition === "confirm") trades++;
          }
        }
      }
    }),
  );
  clearTimeout(windowTimer);
  clearTimeout(endTimer);
  if (!begun) throw new Error("the measuring window never opened");
  const seconds = timing.durationMs / 1000;
  return {
    trades_per_s: round(trades / seconds),
    transitions_per_s: round(transitions / seconds),
    trades,
    transitions,
    latency_ms: Object.fromEntries(
      TRANSITIONS.map((t) => [t, { p50: quantile(samples[t], 0.5), p99: quantile(samples[t], 0.99), max: round(Math.max(...samples[t])) }]),
    ) as LoopFigures["latency_ms"],
    errors,
    error_samples: [...errorSamples].slice(0, 5).map(([k, n]) => `${n}× ${k}`),
  };
}

// ---------------------------------------------------------------------------------------------
// The app over HTTP.

async function signInAll(baseUrl: string, accounts: Account[]): Promise<Map<string, string>> {
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

function appTrade(baseUrl: string, cast: Cast, tokens: Map<string, string>): { trade: Trade; close(): void } {
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

type AppRun = LoopFigures & {
  cpu: ReturnType<CpuMeter["end"]> & { ms_per_trade: number };
  db_sessions_pct?: Record<string, number>;
  invariant_violations: number;
  violation_sample?: unknown[];
  orders_in_store_by_status: Record<string, number>;
  load_after_1m: number;
};

async function runApp(
  store: "postgres" | "pglite",
  env: Record<string, string>,
  cast: Cast,
  timing: Timing,
  reopen: () => Promise<Database>,
  activityUrl?: string,
): Promise<AppRun> {
  const nodeArgs = process.env.BENCH_ORDERS_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const product: ProductProcess = await spawnProduct([...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], (url) => ({
    NODE_ENV: "production",
    PUBLIC_URL: url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    ...env,
  }));
  let figures: LoopFigures;
  let cpu: ReturnType<CpuMeter["end"]>;
  let sessions: Record<string, number> | undefined;
  const activity = activityUrl ? activitySampler(activityUrl) : null;
  try {
    await product.ready;
    await activity?.start();
    const tokens = await signInAll(product.url, [...cast.merchants, ...cast.users]);
    note(`${store}: server up, ${tokens.size} sessions; ${CLIENTS} clients for ${timing.warmupMs / 1000} s warm-up + ${timing.durationMs / 1000} s…`);
    const { trade, close } = appTrade(product.url, cast, tokens);
    const meter = new CpuMeter(product.child.pid ?? null);
    let measured: ReturnType<CpuMeter["end"]> | null = null;
    figures = await runLoop(trade, timing, {
      begin: () => {
        meter.begin();
        activity?.begin();
      },
      end: () => {
        measured = meter.end();
        sessions = activity?.end();
      },
    });
    close();
    cpu = measured!;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`);
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
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: the same compare-and-set UPDATEs, balance UPDATEs (in the ledger's account
// order) and transfer/entry/audit INSERTs as the app, as plain SQL over node-postgres.

/** The ledger posting statement of post-transfer.ts for a two-entry transfer. */
const POST_TRANSFER = `
  with t as (
    insert into ledger_transfers (kind, coin, order_id, actor_id) values ($1, $2, $3, $4) returning id
  ), e as (
    insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after)
    select t.id, v.account_id, $2, v.amount, v.balance_after
    from t, (values ($5::bigint, $6::numeric, $7::numeric), ($8::bigint, $9::numeric, $10::numeric)) as v(account_id, amount, balance_after)
  ), a as (
    insert into audit_log (actor_id, action, target_type, target_id, data)
    select $4, 'ledger.' || $1, 'ledger_transfer', t.id::text, $11::jsonb from t
  )
  select id from t`;

const DEBIT_AVAILABLE = `update ledger_accounts set balance = balance - $3::numeric where kind = 'available' and coin = $1 and user_id = $2 returning id, balance`;
const DEBIT_ESCROW = `update ledger_accounts set balance = balance - $2::numeric where kind = 'escrow' and order_id = $1 returning id, balance`;
const CREDIT_ESCROW = `insert into ledger_accounts (kind, coin, user_id, order_id, balance) values ('escrow', $1, $2, $3, $4::numeric)
  on conflict (order_id) where kind = 'escrow' do update set balance = ledger_accounts.balance + excluded.balance returning id, balance`;
const CREDIT_AVAILABLE = `insert into ledger_accounts (kind, coin, user_id, balance) values ('available', $1, $2, $3::numeric)
  on conflict (kind, coin, user_id) where kind in ('available', 'withdrawing') do update set balance = ledger_accounts.balance + excluded.balance returning id, balance`;

type Moved = { id: string; balance: string };

/** Writes the transfer, its two entries (in account lock order, as postTransfer does) and the audit row. */
async function postTransfer(client: pg.PoolClient, kind: string, orderId: string, actorId: string, entries: [Moved, string][]): Promise<void> {
  const [a, b] = entries as [[Moved, string], [Moved, string]];
  const audit = JSON.stringify({
    coin: COIN,
    order_id: orderId,
    deposit_id: null,
    withdrawal_id: null,
    postings: entries.map(([m, amount]) => ({ account_id: Number(m.id), amount })),
  });
  await client.query(POST_TRANSFER, [kind, COIN, orderId, actorId, a[0].id, a[1], a[0].balance, b[0].id, b[1], b[0].balance, audit]);
}

const MINUS_COINS = formatCoin(-parseCoin(COINS_PER_TRADE));

async function inTransaction(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await fn(client);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function one<T>(rows: T[], what: string): T {
  if (rows.length !== 1) throw new Error(`${what}: ${rows.length} rows`);
  return rows[0]!;
}

function baselineTrade(pool: pg.Pool, cast: Cast, offerIds: Map<string, string>): Trade {
  const ok: StepResult = { ok: true };
  const guard = async (fn: () => Promise<void>): Promise<StepResult> => {
    try {
      await fn();
      return ok;
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  };
  return async function* trade(client: number) {
    const user = cast.users[client]!;
    const merchant = cast.merchants[client % cast.merchants.length]!;
    let orderId = "";
    yield [
      "create",
      () =>
        guard(async () => {
          const { rows } = await pool.query(
            `insert into orders (creator_id, merchant_id, buyer_id, seller_id, coin, side, price, coin_amount, naira_amount, offer_id,
               payment_bank_name, payment_account_number, payment_account_name, accept_by)
             values ($1, $2, $1, $2, $3, 'buy', $4, $5, $6, $7, 'Zenith Bank', '0123456789', 'Bench Merchant',
               date_trunc('milliseconds', now()) + make_interval(secs => 900)) returning id`,
            [user.id, merchant.id, COIN, SELL_PRICE, COINS_PER_TRADE, NAIRA_PER_TRADE, offerIds.get(merchant.id)],
          );
          orderId = one(rows, "insert order").id;
        }),
    ];
    yield [
      "accept",
      () =>
        guard(() =>
          inTransaction(pool, async (c) => {
            const matched = await c.query(
              `update orders set status = 'matched', current_step = 2, is_active = true, updated_at = now(), accepted_at = now(),
                 pay_by = date_trunc('milliseconds', now()) + make_interval(secs => 1800), escrow_locked_at = coalesce(escrow_locked_at, now()),
                 merchant_id = $2, buyer_id = coalesce(buyer_id, $2::uuid), seller_id = coalesce(seller_id, $2::uuid)
               where id = $1 and status = 'pending' and merchant_id = $2 and accept_by > now() returning id`,
              [orderId, merchant.id],
            );
            one(matched.rows, "accept");
            const debit = one((await c.query(DEBIT_AVAILABLE, [COIN, merchant.id, COINS_PER_TRADE])).rows, "debit available");
            const credit = one((await c.query(CREDIT_ESCROW, [COIN, merchant.id, orderId, COINS_PER_TRADE])).rows, "credit escrow");
            await postTransfer(c, "escrow_lock", orderId, merchant.id, [[debit, MINUS_COINS], [credit, COINS_PER_TRADE]]);
          }),
        ),
    ];
    yield [
      "mark_paid",
      () =>
        guard(async () => {
          const { rows } = await pool.query(
            `update orders set status = 'in_progress', current_step = 3, is_active = true, updated_at = now(), paid_at = now(),
               confirm_by = date_trunc('milliseconds', now()) + make_interval(secs => 1800)
             where id = $1 and status = 'matched' and buyer_id = $2 and pay_by > now() returning id`,
            [orderId, user.id],
          );
          one(rows, "mark paid");
        }),
    ];
    yield [
      "confirm",
      () =>
        guard(() =>
          inTransaction(pool, async (c) => {
            const done = await c.query(
              `update orders set status = 'completed', current_step = 5, is_active = false, updated_at = now(), completed_at = now(), appellant_id = null
               where id = $1 and status = 'in_progress' and seller_id = $2 returning id`,
              [orderId, merchant.id],
            );
            one(done.rows, "confirm");
            const credit = one((await c.query(CREDIT_AVAILABLE, [COIN, user.id, COINS_PER_TRADE])).rows, "credit available");
            const debit = one((await c.query(DEBIT_ESCROW, [orderId, COINS_PER_TRADE])).rows, "debit escrow");
            await postTransfer(c, "escrow_release", orderId, merchant.id, [[credit, COINS_PER_TRADE], [debit, MINUS_COINS]]);
          }),
        ),
    ];
  };
}

async function runBaseline(url: string, cast: Cast, timing: Timing) {
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL });
  try {
    const { rows } = await pool.query<{ merchant_id: string; id: string }>(`select merchant_id, id from offers where coin = $1`, [COIN]);
    const offerIds = new Map(rows.map((r) => [r.merchant_id, r.id]));
    note(`baseline: plain SQL, ${CLIENTS} clients on a pool of ${SERVER_POOL}, ${timing.warmupMs / 1000} s warm-up + ${timing.durationMs / 1000} s…`);
    const meter = new CpuMeter(null);
    const activity = activitySampler(url);
    await activity.start();
    let cpu: ReturnType<CpuMeter["end"]> | null = null;
    let sessions: Record<string, number> = {};
    try {
      const figures = await runLoop(baselineTrade(pool, cast, offerIds), timing, {
        begin: () => {
          meter.begin();
          activity.begin();
        },
        end: () => {
          cpu = meter.end();
          sessions = activity.end();
        },
      });
      note(`baseline: ${figures.trades_per_s} trades/s, ${figures.errors} errors`);
      const used = cpu!;
      return { ...figures, cpu: { ...used, ms_per_trade: cpuMsPer(used, figures.trades_per_s) }, db_sessions_pct: sessions };
    } finally {
      await activity.close();
    }
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function withPostgresDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `p2p_bench_orders_${process.pid}_${randomBytes(3).toString("hex")}`;
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    return await fn(target.toString());
  } finally {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

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

  const { baseline, postgres } = await withPostgresDatabase(async (url) => {
    let database = await openPostgres(url, 4);
    const cast = await prepareStore(database.db);
    await database.close();
    note(`postgres: ${MERCHANTS} merchants with ${MERCHANT_FUNDS} ${COIN} each and online offers, ${CLIENTS} users`);
    const baseline = SKIP.has("baseline") ? await runBaselineSkipped() : await runBaseline(url, cast, timing);
    database = await openPostgres(url, 2);
    const baselineViolations = await invariantViolations(database.db);
    await database.close();
    const postgres = await runApp("postgres", { DATABASE_URL: url }, cast, timing, () => openPostgres(url, 2), url);
    return { baseline: { ...baseline, invariant_violations: baselineViolations.count }, postgres };
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
