import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { feeSplit, formatCoin, formatNaira, parseCoin, parseSignedUnits, type CoinSymbol } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { queryRows, type Db } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { putOffer, txHash } from "../../test/trading-fixtures.js";
import { createDeposit } from "../wallet/create-deposit.js";
import { transact } from "../db/transact.js";
import { creditAsChainDeposit } from "../seed/demo-chain-credit.js";
import { demoSenderAddress } from "../seed/demo-sender.js";
import { confirmDeposit } from "../wallet/confirm-deposit.js";
import { rejectDeposit } from "../wallet/reject-deposit.js";
import { requestWithdrawal } from "../wallet/request-withdrawal.js";
import { checkStepUp } from "../auth/step-up.js";
import { markWithdrawalSent } from "../wallet/mark-withdrawal-sent.js";
import { approveWithdrawal } from "../wallet/approve-withdrawal.js";
import { createPayoutBatch } from "../payouts/create-payout-batch.js";
import { rejectWithdrawal } from "../wallet/reject-withdrawal.js";
import { cancelWithdrawal } from "../wallet/cancel-withdrawal.js";
import { createOrder } from "../orders/create-order.js";
import { createOpenRequest } from "../orders/create-open-request.js";
import { acceptOrder } from "../orders/accept-order.js";
import { markPaid } from "../orders/mark-paid.js";
import { confirmPayment } from "../orders/confirm-payment.js";
import { cancelOrder } from "../orders/cancel-order.js";
import { openAppeal } from "../orders/open-appeal.js";
import { withdrawAppeal } from "../orders/withdraw-appeal.js";
import { resolveAppeal } from "../orders/resolve-appeal.js";
import { expireOrder } from "../orders/expire-order.js";
import { windowsFrom, type ExpiryAction } from "../orders/order-windows.js";
import type { OrderRow } from "../orders/order-actors.js";
import { updateCoin } from "../coins/update-coin.js";
import { verifyLedger } from "./verify-ledger.js";

/*
 * A seeded random sequence of create, accept, pay, confirm, cancel, appeal, resolve, timer
 * expiry, deposit and withdraw, and fee changes, calling the use cases directly. After every step
 * every ledger invariant must hold, and each person's holdings must equal a model that only moves
 * on confirmed deposits, sent withdrawals and completed trades (less the merchant's fee). A failure prints its seed; set
 * TRADING_FUZZ_SEED to replay it exactly (and TRADING_FUZZ_OPS to change the length).
 */

const SEED = Number(process.env.TRADING_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
// The embedded store is several times slower per query; it runs a shorter sequence by default.
const OPS = Number(process.env.TRADING_FUZZ_OPS ?? (process.env.DATABASE_URL ? 3000 : 1500));
const COINS: CoinSymbol[] = ["PI", "SIDRA"];
const ADDRESS = "0xf00d000000000000000000000000000000000001";
const NETWORK: Record<string, string> = { PI: "Pi", SIDRA: "Sidra" };
const PAYOUT = { bank_name: "GTBank", account_number: "0987654321", account_name: "Fuzz Trader" };

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

let server: TestServer;
let admin: TestUser;
let users: TestUser[];
let merchants: TestUser[];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, secret, { role: "admin" });
  users = await Promise.all(Array.from({ length: 4 }, () => createSignedInUser(db, secret)));
  merchants = await Promise.all(Array.from({ length: 3 }, () => createSignedInUser(db, secret, { role: "merchant" })));
  // Fees: the first merchant is in their free days, the others pay their coin's rate.
  await db.execute(
    sql`update user_roles set merchant_since = now() - interval '31 days' where user_id in (${merchants[1]!.id}, ${merchants[2]!.id})`,
  );
  for (const [i, m] of merchants.entries()) {
    for (const coin of COINS) {
      await putOffer(db, m, coin, { buy_price: `${900 + i * 10}.00`, sell_price: `${1000 + i * 10}.50`, min_order: "100.00", max_order: "50000.00" });
    }
  }
});
afterAll(() => server.stop());

type Holdings = Map<string, bigint>;
const key = (userId: string, coin: string) => `${userId}|${coin}`;

async function holdingsInStore(db: Db): Promise<Holdings> {
  const rows = await queryRows<{ user_id: string; coin: string; total: string }>(
    db,
    sql`select user_id, coin, sum(balance)::text as total from ledger_accounts where user_id is not null group by user_id, coin`,
  );
  return new Map(rows.filter((r) => parseSignedUnits(r.total, 8) !== 0n).map((r) => [key(r.user_id, r.coin), parseSignedUnits(r.total, 8)]));
}

it(`keeps every ledger invariant through ${OPS} random operations (seed ${SEED})`, { timeout: 300_000 }, async () => {
  const rnd = prng(SEED);
  const { db } = server.ctx;
  const windows = windowsFrom(server.ctx.config);
  const model: Holdings = new Map();
  const credit = (userId: string, coin: string, amount: bigint) => {
    const k = key(userId, coin);
    const next = (model.get(k) ?? 0n) + amount;
    if (next === 0n) model.delete(k);
    else model.set(k, next);
  };
  const everyone = () => [...users, ...merchants];
  const byId = (id: string) => [...everyone(), admin].find((p) => p.id === id)!;
  const completed = (order: OrderRow) => {
    const { locked, toBuyer } = feeSplit({ side: order.side, coinUnits: parseCoin(order.coinAmount), feeUnits: parseCoin(order.feeAmount) });
    credit(order.sellerId!, order.coin, -locked);
    credit(order.buyerId!, order.coin, toBuyer);
  };
  const openOrders = () =>
    db.execute(sql`select * from orders where is_active order by created_at`).then((r) => (r as unknown as { rows: Record<string, string>[] }).rows);
  const randomNaira = () => formatNaira(BigInt(rnd.int(100_00, 40_000_00)));
  const counts: Record<string, number> = {};
  let verifyMs = 0;

  const operations: [number, string, () => Promise<unknown>][] = [
    [
      8,
      "deposit",
      async () => {
        const who = rnd.pick(everyone());
        const coin = rnd.pick(COINS);
        const amount = formatCoin(BigInt(rnd.int(100_000_000, 3_000_000_000))); // at least both networks' minimum of 1
        if (coin === "SIDRA") {
          // An EVM network: deposits arrive as the chain watcher credits them.
          await transact(db, (tx) => creditAsChainDeposit(tx, { userId: who.id, coin, amount, txHash: txHash() }));
          credit(who.id, coin, parseCoin(amount));
          return;
        }
        const sender_address = demoSenderAddress("plain");
        const deposit = await createDeposit({ db, userId: who.id, input: { coin, network: "Pi", amount, tx_hash: txHash(), sender_address } });
        if (rnd.chance(0.85)) {
          await confirmDeposit({ db, adminId: admin.id, depositId: deposit.id });
          credit(who.id, coin, parseCoin(deposit.amount));
        } else {
          await rejectDeposit({ db, adminId: admin.id, depositId: deposit.id, reason: "not on chain" });
        }
      },
    ],
    [
      5,
      "withdraw",
      async () => {
        const who = rnd.pick(everyone());
        const coin = rnd.pick(COINS);
        // Mostly within the available balance, sometimes beyond it.
        const [row] = await queryRows<{ balance: string }>(
          db,
          sql`select balance::text from ledger_accounts where kind = 'available' and user_id = ${who.id} and coin = ${coin}`,
        );
        const available = row ? parseCoin(row.balance) : 0n;
        const drawn = available > 1n && rnd.chance(0.8) ? 1n + (available * BigInt(rnd.int(1, 1000))) / 1000n : BigInt(rnd.int(1, 3_000_000_000));
        // PI carries 7 decimal places: a finer amount could never be paid out exactly, and is refused.
        const amount = drawn > 10n ? drawn - (drawn % 10n) : drawn;
        await requestWithdrawal({
          db,
          userId: who.id,
          stepUp: await checkStepUp(db, "fuzz", who.id, undefined, undefined),
          sessionSecret: "fuzz",
          input: {
            coin,
            network: NETWORK[coin]!,
            amount: formatCoin(amount > available && available > 10n && rnd.chance(0.5) ? available - (available % 10n) : amount),
            address: ADDRESS,
          },
        });
      },
    ],
    [
      4,
      "settle withdrawal",
      async () => {
        const open = await queryRows<{ id: string; user_id: string; coin: string; network: string; amount: string; status: string }>(
          db,
          sql`select id, user_id, coin, network, amount::text, status from withdrawals where status in ('pending', 'approved')`,
        );
        if (open.length === 0) return;
        const w = rnd.pick(open);
        const roll = rnd.int(0, 2);
        if (roll === 0) {
          // Paid out the one way there is: approved, batched for the signer, then its hash filed.
          if (w.status === "pending") await approveWithdrawal({ db, adminId: admin.id, withdrawalId: w.id, twoAdminsAbove: "" });
          await createPayoutBatch({ db, adminId: admin.id, coin: w.coin, network: w.network }).catch(() => null);
          await markWithdrawalSent({ db, config: { chainRpcUrls: new Map() }, adminId: admin.id, withdrawalId: w.id, txHash: txHash() });
          credit(w.user_id, w.coin, -parseCoin(w.amount));
        } else if (roll === 1) await rejectWithdrawal({ db, adminId: admin.id, withdrawalId: w.id, reason: "no" });
        else await cancelWithdrawal({ db, userId: rnd.chance(0.8) ? w.user_id : rnd.pick(everyone()).id, withdrawalId: w.id });
      },
    ],
    [
      10,
      "create order",
      async () => {
        const who = rnd.pick(users);
        const side = rnd.pick(["buy", "sell"] as const);
        const amount = rnd.chance(0.5) ? { naira_amount: randomNaira() } : { coin_amount: formatCoin(BigInt(rnd.int(10_000_000, 4_000_000_000))) };
        await createOrder({
          db,
          caller: who,
          windows,
          input: { merchant_id: rnd.pick(merchants).id, coin: rnd.pick(COINS), side, ...amount, ...(side === "sell" ? { payout: PAYOUT } : {}) },
        });
      },
    ],
    [
      4,
      "create open request",
      async () => {
        const who = rnd.pick(users);
        const side = rnd.pick(["buy", "sell"] as const);
        await createOpenRequest({
          db,
          config: server.ctx.config,
          caller: who,
          windows,
          input: { coin: rnd.pick(COINS), side, naira_amount: randomNaira(), ...(side === "sell" ? { payout: PAYOUT } : {}) },
        });
      },
    ],
    [
      40,
      "act on an order",
      async () => {
        const open = await openOrders();
        if (open.length === 0) return;
        const o = rnd.pick(open);
        const parties = [o.creator_id, o.merchant_id, o.buyer_id, o.seller_id].filter(Boolean) as string[];
        // Mostly the right person for the status, sometimes anyone: refusals must change nothing.
        const right: Record<string, [string, string | null | undefined][]> = {
          pending: [
            ["accept", o.merchant_id ?? rnd.pick(merchants).id],
            ["cancel", o.creator_id!],
          ],
          matched: [
            ["mark_paid", o.buyer_id],
            ["cancel", o.buyer_id],
          ],
          in_progress: [
            ["confirm", o.seller_id],
            ["appeal", rnd.pick([o.buyer_id, o.seller_id])],
          ],
          disputed: [
            ["withdraw", o.appellant_id],
            ["resolve", admin.id],
          ],
        };
        let [action, actorId] = rnd.pick(right[o.status!] ?? [["cancel", o.creator_id!]]);
        if (!actorId || rnd.chance(0.15)) actorId = rnd.pick([...parties, rnd.pick(everyone()).id]);
        if (rnd.chance(0.05)) action = rnd.pick(["accept", "mark_paid", "confirm", "cancel", "appeal", "withdraw", "resolve"]);
        const caller = byId(actorId!);
        const options = { db, caller: { id: caller.id, role: caller.role }, orderId: o.id!, windows };
        switch (action) {
          case "accept":
            return acceptOrder(options);
          case "mark_paid":
            return markPaid(options);
          case "confirm":
            return completed(
              await confirmPayment({ ...options, stepUp: await checkStepUp(db, "fuzz", caller.id, undefined, undefined), sessionSecret: "fuzz" }),
            );
          case "cancel":
            return cancelOrder({ ...options, reason: "fuzz" });
          case "appeal":
            return openAppeal({ ...options, reason: "fuzz appeal" });
          case "withdraw":
            return withdrawAppeal(options);
          default: {
            const outcome = rnd.pick(["release", "refund"] as const);
            const order = await resolveAppeal({ ...options, caller: { id: admin.id, role: "admin" }, outcome, reason: "fuzz ruling" });
            if (outcome === "release") completed(order);
          }
        }
      },
    ],
    [
      2,
      "change fee",
      async () => {
        const fee_bps = rnd.pick([0, 1, 50, 333, 1000]);
        await updateCoin({ db, adminId: admin.id, symbol: rnd.pick(COINS), input: { fee_bps } });
      },
    ],
    [
      6,
      "timer expiry",
      async () => {
        const open = (await openOrders()).filter((o) => ["pending", "matched", "in_progress"].includes(o.status!));
        if (open.length === 0) return;
        const o = rnd.pick(open);
        const action: ExpiryAction = o.status === "pending" ? "expire_acceptance" : o.status === "matched" ? "expire_payment" : "expire_confirmation";
        const column = { expire_acceptance: "accept_by", expire_payment: "pay_by", expire_confirmation: "confirm_by" }[action];
        await db.execute(sql`update orders set ${sql.identifier(column)} = now() - interval '1 second' where id = ${o.id}`);
        if (rnd.chance(0.5)) {
          await db.execute(sql`update jobs set run_at = now() - interval '1 second' where payload->>'order_id' = ${o.id} and done_at is null`);
          await server.ctx.jobs.runDue();
        } else {
          await expireOrder({ db, orderId: o.id!, action, windows });
          if (rnd.chance(0.3)) await expireOrder({ db, orderId: o.id!, action, windows });
        }
      },
    ],
  ];
  const totalWeight = operations.reduce((s, [w]) => s + w, 0);

  for (let step = 1; step <= OPS; step++) {
    let roll = rnd.next() * totalWeight;
    const [, name, run] = operations.find(([w]) => (roll -= w) < 0) ?? operations[0]!;
    try {
      await run();
      counts[`${name} ok`] = (counts[`${name} ok`] ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw new Error(`seed ${SEED}, step ${step} (${name}): ${String(err)}`, { cause: err });
      counts[`${name} ${err.code}`] = (counts[`${name} ${err.code}`] ?? 0) + 1;
    }
    const t0 = performance.now();
    const violations = await verifyLedger(db);
    verifyMs += performance.now() - t0;
    if (violations.length > 0) throw new Error(`seed ${SEED}, step ${step} (${name}): ${JSON.stringify(violations)}`);
    if (step % 25 === 0 || step === OPS) {
      const store = await holdingsInStore(db);
      expect(Object.fromEntries(store), `seed ${SEED}, step ${step}: holdings differ from the model`).toEqual(Object.fromEntries(model));
    }
  }

  console.log(`fuzz seed ${SEED}: ${OPS} operations, invariant checks ${Math.round(verifyMs)} ms`, counts);
  // The sequence must really have exercised the machine, not bounced off refusals.
  for (const name of ["deposit ok", "withdraw ok", "create order ok", "act on an order ok", "timer expiry ok"]) {
    expect(counts[name] ?? 0, `seed ${SEED}: ${JSON.stringify(counts)}`).toBeGreaterThan(OPS / 100);
  }
  const statuses = await queryRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from orders group by status`);
  const seen = new Set(statuses.map((s) => s.status));
  for (const status of ["completed", "cancelled"]) expect(seen.has(status), `seed ${SEED}: ${JSON.stringify(statuses)}`).toBe(true);
});
