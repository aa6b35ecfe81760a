import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { adminCoinSchema, adminOverviewResponse, formatCoin, listOffersResponse, orderSchema, parseCoin, type CoinSymbol } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, expectLedgerSound, fund, getJson, postJson, putOffer, rowCount } from "../../test/trading-fixtures.js";
import { queryRows } from "../db/client.js";
import { auditLog, coins, ledgerAccounts, notifications, userRoles } from "../db/schema.js";
import { expireOrder } from "../orders/expire-order.js";
import { windowsFrom } from "../orders/order-windows.js";

/*
 * Trading fees (docs/TRADING.md "Fees"): the attacks first. Each order is 10 coins; the coin's
 * rate is 100 basis points (1 %), so the fee is 0.1 coin. Fresh people in each test.
 */

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let veteran: TestUser;
let newcomer: TestUser;
const PAYOUT = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
let coinIndex = 0;
/** A coin of its own for each test, so fee accounts and rates never mix between tests. */
let coin: CoinSymbol;
const COINS: CoinSymbol[] = ["SIDRA", "PI", "USDT", "CORE", "RUBI"];

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());

/** Fresh people for each test, and the fee account's balance before it. */
let feeBase: bigint;
beforeEach(async () => {
  const { db } = server.ctx;
  const secret = server.ctx.config.sessionSecret;
  coin = COINS[coinIndex++ % COINS.length]!;
  user = await createSignedInUser(db, secret);
  veteran = await createSignedInUser(db, secret, { role: "merchant" });
  newcomer = await createSignedInUser(db, secret, { role: "merchant" });
  // The veteran became a merchant exactly 30 days ago: their free days are over.
  await becameMerchant(veteran, sql`now() - interval '720 hours'`);
  await db.update(coins).set({ feeBps: 100 }).where(eq(coins.symbol, coin));
  for (const merchant of [veteran, newcomer]) await putOffer(db, merchant, coin);
  feeBase = parseCoin(await feeAccountBalance(coin));
});

async function becameMerchant(merchant: TestUser, at: ReturnType<typeof sql>) {
  await server.ctx.db.update(userRoles).set({ merchantSince: at }).where(eq(userRoles.userId, merchant.id));
}

const patchCoin = (token: string, body: unknown) => call(server.url, token, `/api/admin/coins/${coin}`, { method: "PATCH", body });

async function feeBpsOf(symbol: string): Promise<number> {
  const [row] = await server.ctx.db.select({ feeBps: coins.feeBps }).from(coins).where(eq(coins.symbol, symbol));
  return row!.feeBps;
}

/** The fees earned in this test's coin since the test began. */
async function feeIncome(symbol: string): Promise<string> {
  return formatCoin(parseCoin(await feeAccountBalance(symbol)) - feeBase);
}

async function feeAccountBalance(symbol: string): Promise<string> {
  const [row] = await server.ctx.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "fees"), eq(ledgerAccounts.coin, symbol)));
  return row?.balance ?? "0.00000000";
}

/** An order of 10 coins by the user (at ₦1,000 to buy, ₦950 to sell); side is the user's (buy: the merchant sells). */
async function placeOrder(merchant: TestUser, side: "buy" | "sell") {
  const res = await postJson(server.url, user.token, "/api/orders", {
    merchant_id: merchant.id,
    coin,
    side,
    naira_amount: side === "buy" ? "10000" : "9500",
    ...(side === "sell" ? { payout: PAYOUT } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return orderSchema.parse(res.body.order);
}

async function act(actor: TestUser, orderId: string, action: string, body?: unknown) {
  const res = await postJson(server.url, actor.token, `/api/orders/${orderId}/${action}`, body);
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return orderSchema.parse(res.body.order);
}

/** Funds both sides with 100 coins and drives an order to in_progress. */
async function paidOrder(merchant: TestUser, side: "buy" | "sell") {
  await fund(server.ctx.db, admin, merchant, coin, "100");
  await fund(server.ctx.db, admin, user, coin, "100");
  const order = await placeOrder(merchant, side);
  await act(merchant, order.id, "accept");
  await act(side === "buy" ? user : merchant, order.id, "mark-paid");
  return order;
}

const sellerOf = (merchant: TestUser, side: "buy" | "sell") => (side === "buy" ? merchant : user);

describe("the fee schedule", () => {
  it("is changed by admins only: a merchant or user is refused and nothing is written", async () => {
    const audits = await rowCount(server.ctx.db, "audit_log");
    for (const who of [user, veteran]) expect((await patchCoin(who.token, { fee_bps: 0 })).status).toBe(403);
    expect((await call(server.url, null, `/api/admin/coins/${coin}`, { method: "PATCH", body: { fee_bps: 0 } })).status).toBe(401);
    expect(await feeBpsOf(coin)).toBe(100);
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(audits);
  });

  it("refuses negative, huge, fractional and non-number rates with 400, writing nothing", async () => {
    const audits = await rowCount(server.ctx.db, "audit_log");
    for (const fee_bps of [-1, 1001, 1e12, 12.5, "50", null, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await patchCoin(admin.token, { fee_bps });
      expect(res.status, String(fee_bps)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    expect(await feeBpsOf(coin)).toBe(100);
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(audits);
  });

  it("is audited with the old and new rate, and shows to everyone at once", async () => {
    const res = await patchCoin(admin.token, { fee_bps: 25 });
    expect(res.status).toBe(200);
    expect(adminCoinSchema.parse(((await res.json()) as { coin: unknown }).coin)).toMatchObject({ symbol: coin, fee_bps: 25 });
    const [row] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coin.fee_changed"), eq(auditLog.targetId, coin)));
    expect(row).toMatchObject({ actorId: admin.id, data: { from_bps: 100, to_bps: 25 } });
    // Merchants quoting the coin hear of it; the user does not.
    const told = await server.ctx.db
      .select({ userId: notifications.userId, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.title, `${coin} fee changed`));
    expect(
      told
        .filter((n) => [veteran.id, newcomer.id, user.id].includes(n.userId))
        .map((n) => n.userId)
        .sort(),
    ).toEqual([veteran.id, newcomer.id].sort());
    expect(told.find((n) => n.userId === veteran.id)!.message).toBe(
      `Your fee on ${coin} orders created from now on is 0.25%. Orders already placed keep their fee.`,
    );
    const listed = (await getJson(server.url, null, "/api/coins")).body.coins.find((c: { symbol: string }) => c.symbol === coin);
    expect(listed.fee_bps).toBe(25);
  });

  it("does not change an existing order: a rate changed after it was placed leaves its fee as it was", async () => {
    const order = await paidOrder(veteran, "buy");
    expect(order).toMatchObject({ fee_bps: 100, fee_amount: "0.10000000", fee_waiver: null });
    expect((await patchCoin(admin.token, { fee_bps: 1000 })).status).toBe(200);
    const done = await act(veteran, order.id, "confirm-payment");
    expect(done).toMatchObject({ status: "completed", fee_bps: 100, fee_amount: "0.10000000" });
    expect(await feeIncome(coin)).toBe("0.10000000");
    // A new order carries the new rate.
    expect((await placeOrder(veteran, "buy")).fee_amount).toBe("1.00000000");
    await expectLedgerSound(server.ctx.db);
  });
});

describe("who pays the fee", () => {
  it("a merchant who sells locks amount + fee; on completion the buyer gets the amount and the fee account the fee", async () => {
    await paidOrder(veteran, "buy").then((o) => act(veteran, o.id, "confirm-payment"));
    expect(await balance(server.ctx.db, veteran.id, coin)).toBe("89.90000000");
    expect(await balance(server.ctx.db, user.id, coin)).toBe("110.00000000");
    expect(await feeIncome(coin)).toBe("0.10000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("a merchant who buys receives the user's amount less the fee", async () => {
    await paidOrder(veteran, "sell").then((o) => act(user, o.id, "confirm-payment"));
    expect(await balance(server.ctx.db, veteran.id, coin)).toBe("109.90000000");
    expect(await balance(server.ctx.db, user.id, coin)).toBe("90.00000000");
    expect(await feeIncome(coin)).toBe("0.10000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("a merchant who holds the amount but not the fee cannot sell it: refused, nothing written", async () => {
    await fund(server.ctx.db, admin, veteran, coin, "10.09999999");
    const before = await rowCount(server.ctx.db, "orders");
    const res = await postJson(server.url, user.token, "/api/orders", { merchant_id: veteran.id, coin, side: "buy", naira_amount: "10000" });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("AMOUNT_OUT_OF_RANGE");
    expect(await rowCount(server.ctx.db, "orders")).toBe(before);
    // An open request to buy 10 coins is not accepted by a merchant who cannot cover the fee either.
    const open = await postJson(server.url, user.token, "/api/orders/open-requests", { coin, side: "buy", naira_amount: "10000", price: "1000.00" });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const taken = await postJson(server.url, veteran.token, `/api/orders/${open.body.order.id}/accept`);
    expect(taken.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    expect(await balance(server.ctx.db, veteran.id, coin)).toBe("10.09999999");
    await expectLedgerSound(server.ctx.db);
  });
});

/** An order's escrow transfers as the ledger holds them: each one's entries and its audit row's postings, in the order written. */
async function escrowLedger(orderId: string) {
  return queryRows<{ kind: string; entries: string[]; audited: string[] }>(
    server.ctx.db,
    sql`select t.kind,
        (select array_agg(a.kind || ' ' || e.amount::text order by e.id) from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transfer_id = t.id) as entries,
        (select array_agg(p->>'amount' order by n) from audit_log l, jsonb_array_elements(l.data->'postings') with ordinality as x(p, n)
          where l.target_type = 'ledger_transfer' and l.target_id = t.id::text) as audited
      from ledger_transfers t where t.order_id = ${orderId} order by t.id`,
  );
}

describe("the escrow's ledger rows", () => {
  it("a selling merchant's lock and release: entries and audited postings in lock order, the fee last", async () => {
    const order = await paidOrder(veteran, "buy");
    await act(veteran, order.id, "confirm-payment");
    expect(await escrowLedger(order.id)).toEqual([
      { kind: "escrow_lock", entries: ["available -10.10000000", "escrow 10.10000000"], audited: ["-10.10000000", "10.10000000"] },
      {
        kind: "escrow_release",
        entries: ["available 10.00000000", "escrow -10.10000000", "fees 0.10000000"],
        audited: ["10.00000000", "-10.10000000", "0.10000000"],
      },
    ]);
  });

  it("a buying merchant's release pays the fee out of the buyer's share; a free merchant's has no fee posting", async () => {
    const bought = await paidOrder(veteran, "sell");
    await act(user, bought.id, "confirm-payment");
    expect((await escrowLedger(bought.id)).map((t) => t.entries)).toEqual([
      ["available -10.00000000", "escrow 10.00000000"],
      ["available 9.90000000", "escrow -10.00000000", "fees 0.10000000"],
    ]);
    const free = await paidOrder(newcomer, "buy");
    await act(newcomer, free.id, "confirm-payment");
    expect(await escrowLedger(free.id)).toEqual([
      { kind: "escrow_lock", entries: ["available -10.00000000", "escrow 10.00000000"], audited: ["-10.00000000", "10.00000000"] },
      { kind: "escrow_release", entries: ["available 10.00000000", "escrow -10.00000000"], audited: ["10.00000000", "-10.00000000"] },
    ]);
    await expectLedgerSound(server.ctx.db);
  });

  it("a refund returns the whole lock, fee included, to the seller", async () => {
    await fund(server.ctx.db, admin, veteran, coin, "100");
    const order = await placeOrder(veteran, "buy");
    await act(veteran, order.id, "accept");
    await act(user, order.id, "cancel", { reason: "Changed my mind about this trade." });
    expect((await escrowLedger(order.id)).map((t) => [t.kind, ...t.entries])).toEqual([
      ["escrow_lock", "available -10.10000000", "escrow 10.10000000"],
      ["escrow_refund", "available 10.10000000", "escrow -10.10000000"],
    ]);
    expect(await balance(server.ctx.db, veteran.id, coin)).toBe("100.00000000");
  });
});

describe("an order that does not complete returns everything held, fee included", () => {
  for (const side of ["buy", "sell"] as const) {
    it(`when the user ${side}s: cancelled, expired, or refunded by an admin`, async () => {
      const { db } = server.ctx;
      const windows = windowsFrom(server.ctx.config);
      const seller = sellerOf(veteran, side);
      await fund(db, admin, veteran, coin, "100");
      await fund(db, admin, user, coin, "100");

      const cancelled = await placeOrder(veteran, side);
      await act(veteran, cancelled.id, "accept");
      // Only the buyer may cancel a matched order.
      await act(side === "buy" ? user : veteran, cancelled.id, "cancel", { reason: "changed my mind" });

      const expired = await placeOrder(veteran, side);
      await act(veteran, expired.id, "accept");
      await db.execute(sql`update orders set pay_by = now() - interval '1 second' where id = ${expired.id}`);
      expect(await expireOrder({ db, orderId: expired.id, action: "expire_payment", windows })).toMatchObject({ status: "cancelled" });

      const refunded = await paidOrder(veteran, side);
      await act(seller, refunded.id, "appeal", { reason: "The buyer never paid me." });
      const resolved = await postJson(server.url, admin.token, `/api/admin/orders/${refunded.id}/resolve`, {
        outcome: "refund",
        reason: "No payment",
      });
      expect(resolved.status).toBe(200);

      expect(await balance(db, veteran.id, coin)).toBe("200.00000000");
      expect(await balance(db, user.id, coin)).toBe("200.00000000");
      expect(await feeIncome(coin)).toBe("0.00000000");
      await expectLedgerSound(db);
    });
  }

  it("an appeal resolved for the buyer pays the fee like a confirmation", async () => {
    const order = await paidOrder(veteran, "buy");
    await act(user, order.id, "appeal", { reason: "I paid and the seller is silent." });
    const resolved = await postJson(server.url, admin.token, `/api/admin/orders/${order.id}/resolve`, { outcome: "release", reason: "Paid" });
    expect(resolved.status).toBe(200);
    expect(await balance(server.ctx.db, user.id, coin)).toBe("110.00000000");
    expect(await balance(server.ctx.db, veteran.id, coin)).toBe("89.90000000");
    expect(await feeIncome(coin)).toBe("0.10000000");
    const overview = adminOverviewResponse.parse((await getJson(server.url, admin.token, "/api/admin/overview")).body);
    expect(overview.volume_24h.find((v) => v.coin === coin)?.fee_income).toBe(formatCoin(feeBase + parseCoin("0.1")));
    await expectLedgerSound(server.ctx.db);
  });
});

describe("a merchant's first 30 days", () => {
  it("are free: the order stores fee 0 and why, and nothing reaches the fee account", async () => {
    await becameMerchant(newcomer, sql`now() - interval '720 hours' + interval '1 minute'`);
    const order = await paidOrder(newcomer, "buy");
    expect(order).toMatchObject({ fee_bps: 100, fee_amount: "0.00000000", fee_waiver: "new_merchant" });
    await act(newcomer, order.id, "confirm-payment");
    expect(await balance(server.ctx.db, newcomer.id, coin)).toBe("90.00000000");
    expect(await feeIncome(coin)).toBe("0.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("end exactly 30 days after becoming a merchant: from that instant orders carry the fee", async () => {
    await becameMerchant(newcomer, sql`now() - interval '720 hours'`);
    await fund(server.ctx.db, admin, user, coin, "100");
    expect(await placeOrder(newcomer, "sell")).toMatchObject({ fee_amount: "0.10000000", fee_waiver: null });
  });

  it("show on the offer list as a rate of 0, beside a veteran's rate", async () => {
    await becameMerchant(newcomer, sql`now()`);
    await fund(server.ctx.db, admin, veteran, coin, "100");
    await fund(server.ctx.db, admin, newcomer, coin, "100");
    const list = listOffersResponse.parse((await getJson(server.url, user.token, `/api/offers?coin=${coin}&side=buy`)).body);
    const rate = (m: TestUser) => list.offers.find((o) => o.merchant_id === m.id)?.fee_bps;
    expect([rate(veteran), rate(newcomer)]).toEqual([100, 0]);
    // What a trader can buy: 100 coins hold 99.00990099 and their 1 % fee; the newcomer's all 100.
    const available = (m: TestUser) => list.offers.find((o) => o.merchant_id === m.id)?.available;
    expect([available(veteran), available(newcomer)]).toEqual(["99.00990099", "100.00000000"]);
    const buy = (coin_amount: string) => postJson(server.url, user.token, "/api/orders", { merchant_id: veteran.id, coin, side: "buy", coin_amount });
    expect((await buy("99.00990100")).status).toBe(422);
    expect((await buy("99.00990099")).status).toBe(201);
    const mine = await getJson(server.url, newcomer.token, "/api/offers/mine");
    expect(Date.parse(mine.body.fee_free_until) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("apply to an open request claimed in them, whose rate was fixed when it was posted", async () => {
    await becameMerchant(newcomer, sql`now()`);
    await fund(server.ctx.db, admin, user, coin, "100");
    const open = await postJson(server.url, user.token, "/api/orders/open-requests", {
      coin,
      side: "sell",
      naira_amount: "9500",
      price: "950.00",
      payout: PAYOUT,
    });
    expect(open.body.order).toMatchObject({ fee_bps: 100, fee_amount: "0.10000000" });
    // Before accepting, the newcomer already sees the request at their fee: none.
    const seen = await getJson(server.url, newcomer.token, `/api/orders/${open.body.order.id}`);
    expect(seen.body.order).toMatchObject({ fee_amount: "0.00000000", fee_waiver: "new_merchant" });
    expect((await getJson(server.url, veteran.token, `/api/orders/${open.body.order.id}`)).body.order.fee_amount).toBe("0.10000000");
    expect(await act(newcomer, open.body.order.id, "accept")).toMatchObject({ fee_amount: "0.00000000", fee_waiver: "new_merchant" });
    await expectLedgerSound(server.ctx.db);
  });

  it("start when an account first becomes a merchant and are never restarted", async () => {
    const late = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    const sinceOf = async () =>
      (await server.ctx.db.select({ since: userRoles.merchantSince }).from(userRoles).where(eq(userRoles.userId, late.id)))[0]!.since;
    expect(await sinceOf()).toBeNull();
    await server.ctx.db.update(userRoles).set({ role: "merchant" }).where(eq(userRoles.userId, late.id));
    const first = await sinceOf();
    expect(first).not.toBeNull();
    await server.ctx.db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, late.id));
    await server.ctx.db.update(userRoles).set({ role: "merchant" }).where(eq(userRoles.userId, late.id));
    expect(await sinceOf()).toEqual(first);
  });
});
