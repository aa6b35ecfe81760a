import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { ledgerTransfers, orders, profiles, transactionHistory } from "../db/schema.js";
import { balance, expectLedgerSound, fund, postJson, putOffer, rowCount, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";

/*
 * Races against the real store: on PostgreSQL these run truly in parallel on a connection pool;
 * on PGlite the single connection serialises them, which must give the same answers.
 */

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(server.ctx.db, secret, { role: "admin" });
  user = await createSignedInUser(server.ctx.db, secret);
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

const CONFLICT_MESSAGE =
  /^This order is (already completed|under dispute), so it cannot be (confirmed|cancelled|appealed) now\.$|^This order is already in progress, so it cannot be cancelled now\.$/;

describe("one release sent twenty times at once, each without an Idempotency-Key", () => {
  it("completes the order once: one release, one history row each, each party's trade count up by one", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const tradesOf = async () =>
      (
        await server.ctx.db
          .select({ id: profiles.id, n: profiles.totalTrades })
          .from(profiles)
          .where(inArray(profiles.id, [user.id, merchant.id]))
      )
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => p.n);
    const before = await tradesOf();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postJson(server.url, merchant.token, `/api/orders/${id}/confirm-payment`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await tradesOf()).toEqual(before.map((n) => n + 1));
    const history = await server.ctx.db.select().from(transactionHistory).where(eq(transactionHistory.orderId, id));
    expect(history.map((h) => h.transactionType).sort()).toEqual(["buy", "sell"]);
    const releases = await server.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, id));
    expect(releases.filter((t) => t.kind === "escrow_release")).toHaveLength(1);
    await expectLedgerSound(server.ctx.db);
  });
});

describe("200 concurrent confirm, cancel and appeal calls on one order", () => {
  it.each([1, 2])("let exactly one win and answer every other with a 409 naming the status (round %i)", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const calls = Array.from({ length: 200 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return postJson(server.url, merchant.token, `/api/orders/${id}/confirm-payment`);
        case 1:
          return postJson(server.url, user.token, `/api/orders/${id}/appeal`, { reason: `buyer ${i}` });
        case 2:
          return postJson(server.url, merchant.token, `/api/orders/${id}/appeal`, { reason: `seller ${i}` });
        default:
          return postJson(server.url, user.token, `/api/orders/${id}/cancel`, {});
      }
    });
    const answers = await Promise.all(calls);
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(199);
    for (const a of lost) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe("ORDER_CONFLICT");
      expect(a.body.error.message).toMatch(CONFLICT_MESSAGE);
    }
    const [row] = await server.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe(won[0]!.body.order.status);
    const settlements = await server.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, id));
    expect(settlements.filter((t) => t.kind === "escrow_release")).toHaveLength(row!.status === "completed" ? 1 : 0);
    await expectLedgerSound(server.ctx.db);
  });
});

describe("50 merchants accepting one open request", () => {
  it("lets exactly one win; the other 49 get ORDER_ALREADY_TAKEN", async () => {
    const db = server.ctx.db;
    const secret = server.ctx.config.sessionSecret;
    const merchants = await Promise.all(Array.from({ length: 50 }, () => createSignedInUser(db, secret, { role: "merchant" })));
    for (const m of merchants) {
      await putOffer(db, m, "PI");
      await fund(db, admin, m, "PI", "20");
    }
    const created = await postJson(server.url, user.token, "/api/orders/open-requests", {
      coin: "PI",
      side: "buy",
      coin_amount: "10",
      price: "1000",
    });
    const id = created.body.order.id;

    const answers = await Promise.all(merchants.map((m) => postJson(server.url, m.token, `/api/orders/${id}/accept`)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]!.body.order.merchant.id as string;
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.error).toEqual({ code: "ORDER_ALREADY_TAKEN", message: "This order has already been taken by another merchant." });
    }
    // Only the winner's coins moved into escrow.
    for (const m of merchants) expect(await balance(db, m.id, "PI")).toBe(m.id === winner ? "10.00000000" : "20.00000000");
    await expectLedgerSound(db);
  });
});

describe("concurrent orders and withdrawals whose total exceeds a balance", () => {
  it("never overdraw: exactly what the balance covers succeeds, the rest get 409 INSUFFICIENT_BALANCE", async () => {
    const db = server.ctx.db;
    const seller = await createSignedInUser(db, server.ctx.config.sessionSecret);
    await fund(db, admin, seller, "PI", "100");
    const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
    const calls = [
      ...Array.from({ length: 10 }, () =>
        postJson(server.url, seller.token, "/api/orders", { merchant_id: merchant.id, coin: "PI", side: "sell", coin_amount: "10", payout }),
      ),
      ...Array.from({ length: 8 }, () =>
        postJson(server.url, seller.token, "/api/orders/open-requests", { coin: "PI", side: "sell", coin_amount: "10", price: "900", payout }),
      ),
      ...Array.from({ length: 12 }, () =>
        postJson(server.url, seller.token, "/api/wallet/withdrawals", {
          coin: "PI",
          network: "Pi",
          amount: "10",
          address: "0xabc0000000000000000000000000000000000001",
        }),
      ),
    ];
    const answers = await Promise.all(calls);
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const a of refused) expect(a.body.error).toEqual({ code: "INSUFFICIENT_BALANCE", message: "Not enough PI available for this." });
    expect(await balance(db, seller.id, "PI")).toBe("0.00000000");
    await expectLedgerSound(db);
  });
});

describe("acceptances racing for a merchant's last coins, after a withdrawal took the rest", () => {
  it("lock exactly what the balance covers; the rest get 409 INSUFFICIENT_BALANCE and their orders stay pending", async () => {
    const db = server.ctx.db;
    const seller = await merchantWithOffer(server);
    const buyer = await createSignedInUser(db, server.ctx.config.sessionSecret);
    await fund(db, admin, seller, "PI", "50");
    const placed = await Promise.all(
      Array.from({ length: 5 }, () =>
        postJson(server.url, buyer.token, "/api/orders", { merchant_id: seller.id, coin: "PI", side: "buy", coin_amount: "10" }),
      ),
    );
    for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(201);
    // The five orders count on all 50; a withdrawal (which reserves nothing for them) takes 20.
    const withdrawal = { coin: "PI", network: "Pi", amount: "20", address: "0xabc0000000000000000000000000000000000001" };
    expect((await postJson(server.url, seller.token, "/api/wallet/withdrawals", withdrawal)).status).toBe(201);

    const ids = placed.map((p) => p.body.order.id as string);
    const answers = await Promise.all(ids.map((id) => postJson(server.url, seller.token, `/api/orders/${id}/accept`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(2);
    for (const a of refused) expect(a.body.error).toEqual({ code: "INSUFFICIENT_BALANCE", message: "Not enough PI available for this." });
    const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(rows.map((r) => r.status).sort()).toEqual(["matched", "matched", "matched", "pending", "pending"]);
    const locks = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(inArray(ledgerTransfers.orderId, ids));
    expect(locks).toHaveLength(3);
    expect(await balance(db, seller.id, "PI")).toBe("0.00000000");
    await expectLedgerSound(db);
  });
});

describe("the same Idempotency-Key sent 50 times at once", () => {
  it("creates one order and gives 50 identical answers", async () => {
    const db = server.ctx.db;
    const buyer = await createSignedInUser(db, server.ctx.config.sessionSecret);
    const before = await rowCount(db, "orders");
    const body = { merchant_id: merchant.id, coin: "PI", side: "buy", naira_amount: "5000" };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postJson(server.url, buyer.token, "/api/orders", body, { "Idempotency-Key": "order-7f3a" })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
    expect(await rowCount(db, "orders")).toBe(before + 1);
  });
});

describe("many trades between shared parties at once", () => {
  it("all complete, buying and selling through the same merchant accounts, without deadlock or drift", async () => {
    const db = server.ctx.db;
    const secret = server.ctx.config.sessionSecret;
    const traders = await Promise.all(Array.from({ length: 30 }, () => createSignedInUser(db, secret)));
    const dealer = await createSignedInUser(db, secret, { role: "merchant" });
    await putOffer(db, dealer, "PI");
    await fund(db, admin, dealer, "PI", "1000");
    const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
    for (const t of traders.filter((_, i) => i % 2 === 1)) await fund(db, admin, t, "PI", "10");

    const trade = async (trader: TestUser, i: number) => {
      const sells = i % 2 === 1;
      const created = await postJson(server.url, trader.token, "/api/orders", {
        merchant_id: dealer.id,
        coin: "PI",
        side: sells ? "sell" : "buy",
        coin_amount: "10",
        ...(sells ? { payout } : {}),
      });
      const id = created.body.order.id;
      const [buyer, seller] = sells ? [dealer, trader] : [trader, dealer];
      for (const [who, action] of [
        [dealer, "accept"],
        [buyer, "mark-paid"],
        [seller, "confirm-payment"],
      ] as const) {
        const res = await postJson(server.url, who.token, `/api/orders/${id}/${action}`);
        if (res.status !== 200) throw new Error(`${action}: ${JSON.stringify(res.body)}`);
      }
    };
    await Promise.all(traders.map(trade));
    // 15 buys took 150 PI from the dealer, 15 sells brought 150 back.
    expect(await balance(db, dealer.id, "PI")).toBe("1000.00000000");
    for (const [i, t] of traders.entries()) expect(await balance(db, t.id, "PI")).toBe(i % 2 === 1 ? "0.00000000" : "10.00000000");
    await expectLedgerSound(db);
  });
});
