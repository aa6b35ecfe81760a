import pg from "pg";
import { formatCoin, parseCoin } from "@p2p/shared";
import { CpuMeter, cpuMsPer } from "../lib/cpu.js";
import { note } from "../lib/result.js";
import { activitySampler } from "./activity.js";
import { CLIENTS, COIN, COINS_PER_TRADE, NAIRA_PER_TRADE, SELL_PRICE, SERVER_POOL, type Cast, type Timing } from "./config.js";
import { runLoop, type StepResult, type Trade } from "./loop.js";

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
            await postTransfer(c, "escrow_lock", orderId, merchant.id, [
              [debit, MINUS_COINS],
              [credit, COINS_PER_TRADE],
            ]);
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
            await postTransfer(c, "escrow_release", orderId, merchant.id, [
              [credit, COINS_PER_TRADE],
              [debit, MINUS_COINS],
            ]);
          }),
        ),
    ];
  };
}

export async function runBaseline(url: string, cast: Cast, timing: Timing) {
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
