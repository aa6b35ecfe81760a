import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { orders, transactionHistory } from "../db/schema.js";

let server: TestServer;
let user: TestUser;
let merchant: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const secret = server.ctx.config.sessionSecret;
  user = await createSignedInUser(server.ctx.db, secret);
  merchant = await createSignedInUser(server.ctx.db, secret, { role: "merchant" });
  other = await createSignedInUser(server.ctx.db, secret);
});
afterAll(() => server.stop());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
/** The trade terms every order row carries; these tests only count rows. */
const terms = { coin: "PI", side: "buy", price: "1000.00", coinAmount: "1.00000000", nairaAmount: "1000.00" };

describe("GET /api/dashboard/summary", () => {
  it("is all zeros for a new account", async () => {
    const res = await call(server.url, user.token, "/api/dashboard/summary");
    expect(await res.json()).toEqual({
      active_orders: 0,
      completed_trades: 0,
      reputation_score: "0.00",
      active_chats: 0,
      recent_activity: [],
    });
  });

  it("counts active pending orders by creator for users and by merchant for merchants", async () => {
    const db = server.ctx.db;
    await db.insert(orders).values([
      { ...terms, creatorId: user.id, merchantId: merchant.id, status: "pending" },
      { ...terms, creatorId: user.id, merchantId: merchant.id, status: "pending" },
      { ...terms, creatorId: user.id, merchantId: merchant.id, status: "matched", currentStep: 2 },
      { ...terms, creatorId: user.id, merchantId: merchant.id, status: "completed", currentStep: 5, isActive: false },
    ]);
    const mine = await (await call(server.url, user.token, "/api/dashboard/summary")).json();
    expect(mine.active_orders).toBe(2);
    expect(mine.active_chats).toBe(3);
    const theirs = await (await call(server.url, merchant.token, "/api/dashboard/summary")).json();
    expect(theirs.active_orders).toBe(2);
    const stranger = await (await call(server.url, other.token, "/api/dashboard/summary")).json();
    expect(stranger.active_orders).toBe(0);
    expect(stranger.active_chats).toBe(0);
  });

  it("shows the 5 latest completed transactions, newest first, and counts all completed", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      userId: user.id,
      cryptoType: "PI",
      transactionType: i % 2 ? "sell" : "buy",
      amount: `${i + 1}.50000000`,
      totalAmount: `${(i + 1) * 1000}.00`,
      status: "completed",
      completedAt: hoursAgo(i + 1),
    }));
    await server.ctx.db.insert(transactionHistory).values(rows);
    const body = await (await call(server.url, user.token, "/api/dashboard/summary")).json();
    expect(body.completed_trades).toBe(7);
    expect(body.recent_activity).toHaveLength(5);
    expect(body.recent_activity[0]).toMatchObject({ amount: "1.50000000", total_amount: "1000.00", transaction_type: "buy" });
    const other_ = await (await call(server.url, other.token, "/api/dashboard/summary")).json();
    expect(other_.recent_activity).toEqual([]);
  });

  it("refuses a signed-out caller", async () => {
    expect((await call(server.url, null, "/api/dashboard/summary")).status).toBe(401);
  });
});

describe("GET /api/dashboard/coin-analytics", () => {
  it("counts each order once from the creator's side within 24 hours", async () => {
    const db = server.ctx.db;
    const [order] = await db
      .insert(orders)
      .values({ ...terms, creatorId: other.id, merchantId: merchant.id, status: "completed", currentStep: 5, isActive: false })
      .returning();
    const base = { cryptoType: "CORE", amount: "1.00000000", totalAmount: "500.00", status: "completed", orderId: order!.id };
    await db.insert(transactionHistory).values([
      { ...base, userId: other.id, transactionType: "buy", completedAt: hoursAgo(1) },
      { ...base, userId: merchant.id, transactionType: "sell", completedAt: hoursAgo(1) },
    ]);
    await db.insert(transactionHistory).values({
      userId: other.id,
      cryptoType: "CORE",
      transactionType: "sell",
      amount: "1",
      totalAmount: "1",
      status: "completed",
      completedAt: hoursAgo(30),
    });
    const body = await (await call(server.url, user.token, "/api/dashboard/coin-analytics")).json();
    const core = body.coins.find((c: { crypto_type: string }) => c.crypto_type === "CORE");
    expect(core).toEqual({ crypto_type: "CORE", buys: 1, sells: 0, buy_percent: 100, sell_percent: 0, trend: "bullish" });
  });
});
