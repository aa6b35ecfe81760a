import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { listOffersResponse, myOffersResponse, notificationListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { notifications } from "../db/schema.js";
import { fund, getJson, OFFER, postJson, rowCount, tradeTo } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let watcher: TestUser;
let merchant: TestUser;
let rival: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, secret, { role: "admin" });
  user = await createSignedInUser(db, secret);
  watcher = await createSignedInUser(db, secret);
  merchant = await createSignedInUser(db, secret, { role: "merchant", username: "ade_merchant" });
  rival = await createSignedInUser(db, secret, { role: "merchant" });
});
afterAll(() => server.stop());

const put = async (who: TestUser | null, symbol: string, body: unknown) => {
  const res = await call(server.url, who?.token ?? null, `/api/offers/${symbol}`, { method: "PUT", body });
  return { status: res.status, body: await res.json() };
};
const priceUpdates = (userId: string) =>
  server.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "price_update")));

describe("PUT /api/offers/:symbol", () => {
  it("creates the merchant's one offer per coin, then updates it in place", async () => {
    const created = await put(merchant, "PI", OFFER);
    expect(created.status).toBe(200);
    expect(created.body.offer).toMatchObject({
      coin: "PI",
      buy_price: "950.00",
      sell_price: "1000.00",
      min_order: "1000.00",
      online: true,
      version: 1,
    });
    const updated = await put(merchant, "pi", { ...OFFER, sell_price: "1010.5", terms: "" });
    expect(updated.body.offer).toMatchObject({ id: created.body.offer.id, sell_price: "1010.50", terms: "", version: 2 });
    const mine = await getJson(server.url, merchant.token, "/api/offers/mine");
    myOffersResponse.parse(mine.body);
    expect(mine.body.offers).toHaveLength(1);
  });

  it("tells the coin's watchers when a price changes, and not when only the terms do", async () => {
    await postJson(server.url, watcher.token, "/api/coins/SIDRA/watch");
    await postJson(server.url, merchant.token, "/api/coins/SIDRA/watch");
    await put(merchant, "SIDRA", { ...OFFER, buy_price: "700", sell_price: "750" });
    const first = await priceUpdates(watcher.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: "SIDRA Price Update",
      message: "ade_merchant now sells SIDRA at ₦750.00 and buys at ₦700.00.",
      isRead: false,
    });
    expect(await priceUpdates(merchant.id)).toHaveLength(0);
    expect(await priceUpdates(user.id)).toHaveLength(0);
    await put(merchant, "SIDRA", { ...OFFER, buy_price: "700", sell_price: "750", terms: "New terms" });
    expect(await priceUpdates(watcher.id)).toHaveLength(1);
    await put(merchant, "SIDRA", { ...OFFER, buy_price: "710", sell_price: "750" });
    expect(await priceUpdates(watcher.id)).toHaveLength(2);
    const listed = await getJson(server.url, watcher.token, "/api/notifications?unread=true");
    expect(listed.body).toMatchObject({ unread: 2, total: 2 });
    notificationListResponse.parse(listed.body);
    expect((await postJson(server.url, watcher.token, "/api/notifications/read", {})).body.updated).toBe(2);
    expect((await getJson(server.url, watcher.token, "/api/notifications")).body.unread).toBe(0);
  });

  it("is for merchants only", async () => {
    const before = await rowCount(server.ctx.db, "offers");
    expect((await put(user, "PI", OFFER)).status).toBe(403);
    expect((await put(admin, "PI", OFFER)).status).toBe(403);
    expect((await put(null, "PI", OFFER)).status).toBe(401);
    expect((await getJson(server.url, user.token, "/api/offers/mine")).status).toBe(403);
    expect(await rowCount(server.ctx.db, "offers")).toBe(before);
  });

  it.each([
    [{ ...OFFER, min_order: "5000", max_order: "4000" }, "max_order"],
    [{ ...OFFER, buy_price: "1200" }, "buy_price"],
    [{ ...OFFER, sell_price: 1000 }, "sell_price"],
    [{ ...OFFER, sell_price: "1000.001" }, "sell_price"],
    [{ ...OFFER, min_order: "0" }, "min_order"],
    [{ ...OFFER, account_number: "01234" }, "account_number"],
    [{ ...OFFER, bank_name: "  " }, "bank_name"],
    [{ ...OFFER, merchant_id: "someone" }, "_"],
  ])("refuses %j naming %s, writing nothing", async (body, field) => {
    const before = await rowCount(server.ctx.db, "offers");
    const res = await put(rival, "PI", body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await rowCount(server.ctx.db, "offers")).toBe(before);
  });

  it("refuses unlisted and unknown coins", async () => {
    expect((await put(rival, "ETH", OFFER)).body.error.code).toBe("COIN_UNAVAILABLE");
    expect((await put(rival, "DOGE", OFFER)).status).toBe(404);
  });
});

describe("GET /api/offers", () => {
  it("lists online merchants best price first for the caller's side, with their record (a buyer's cancel before acceptance not counted)", async () => {
    await put(merchant, "CORE", { ...OFFER, buy_price: "400", sell_price: "450" });
    await put(rival, "CORE", { ...OFFER, buy_price: "420", sell_price: "470", bank_name: "Kuda" });
    await fund(server.ctx.db, admin, rival, "CORE", "50");
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed", coin: "CORE", naira: "4500" });
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed", coin: "CORE", naira: "4500" });
    const cancelled = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending", coin: "CORE", naira: "4500" });
    await postJson(server.url, user.token, `/api/orders/${cancelled}/cancel`, {});

    const buying = await getJson(server.url, user.token, "/api/offers?coin=core&side=buy");
    listOffersResponse.parse(buying.body);
    expect(buying.body.offers.map((o: { price: string }) => o.price)).toEqual(["450.00", "470.00"]);
    expect(buying.body.offers[0]).toMatchObject({
      merchant_id: merchant.id,
      username: "ade_merchant",
      total_trades: 2,
      completion_rate: 100,
      completion_orders: 2,
      side: "buy",
      min_order: "1000.00",
      bank_name: "Zenith Bank",
    });
    expect(buying.body.offers[0]).not.toHaveProperty("account_number");
    expect(buying.body.offers[1]).toMatchObject({ completion_rate: null, completion_orders: 0, available: "50.00000000" });

    const selling = await getJson(server.url, user.token, "/api/offers?coin=CORE&side=sell");
    expect(selling.body.offers.map((o: { price: string }) => o.price)).toEqual(["420.00", "400.00"]);

    // A merchant does not see their own offer, and offline offers are hidden.
    const own = await getJson(server.url, merchant.token, "/api/offers?coin=CORE&side=buy");
    expect(own.body.offers.map((o: { merchant_id: string }) => o.merchant_id)).toEqual([rival.id]);
    await put(rival, "CORE", { ...OFFER, buy_price: "420", sell_price: "470", online: false });
    expect((await getJson(server.url, merchant.token, "/api/offers?coin=CORE&side=buy")).body.offers).toEqual([]);
  });

  it("refuses a bad query and a signed-out caller", async () => {
    expect((await getJson(server.url, user.token, "/api/offers?coin=CORE")).status).toBe(400);
    expect((await getJson(server.url, user.token, "/api/offers?coin=XYZ&side=buy")).status).toBe(400);
    expect((await getJson(server.url, null, "/api/offers?coin=CORE&side=buy")).status).toBe(401);
  });
});
