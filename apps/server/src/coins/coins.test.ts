import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COIN_SYMBOLS, coinListResponse, isValidAddress, MARKET_TOPIC, priceHistoryResponse, REALTIME_EVENTS } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { coins, networks, userRoles } from "../db/schema.js";
import { getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { prepareTradingStore } from "../ledger/prepare-trading-store.js";
import { TestSocket } from "../../test/socket.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let cheap: TestUser;
let dear: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, secret, { role: "admin" });
  user = await createSignedInUser(db, secret);
  cheap = await createSignedInUser(db, secret, { role: "merchant" });
  dear = await createSignedInUser(db, secret, { role: "merchant" });
});
afterAll(() => server.stop());

type CoinView = { symbol: string; best_buy_price: string | null; best_sell_price: string | null; watched: boolean; [k: string]: unknown };
const coinOf = async (token: string | null, symbol: string) =>
  ((await getJson(server.url, token, "/api/coins")).body.coins as CoinView[]).find((c) => c.symbol === symbol);

describe("the coin catalogue", () => {
  it("holds the spec's 17 coins, SIDRA, PI, USDT, CORE and RUBI listed, each manual network with a demo deposit address", async () => {
    const all = await getJson(server.url, admin.token, "/api/admin/coins");
    expect(all.body.coins.map((c: { symbol: string }) => c.symbol)).toEqual([...COIN_SYMBOLS]);
    const manual = await server.ctx.db.select().from(networks).where(eq(networks.kind, "manual"));
    expect(manual.length).toBeGreaterThan(5);
    // Each well formed for its own network (a TRON one is "T…" with a valid checksum), none the same.
    expect(manual.filter((n) => !isValidAddress(n.addressFormat, n.platformAddress ?? ""))).toEqual([]);
    expect(manual.find((n) => n.coin === "USDT" && n.code === "TRC20")?.platformAddress).toMatch(/^T/);
    expect(new Set(manual.map((n) => n.platformAddress)).size).toBe(manual.length);
    const listed = await getJson(server.url, null, "/api/coins");
    coinListResponse.parse(listed.body);
    expect(listed.body.coins.map((c: { symbol: string }) => c.symbol)).toEqual(["SIDRA", "PI", "USDT", "CORE", "RUBI"]);
  });

  it("is seeded idempotently: a restart keeps admins' choices", async () => {
    await server.ctx.db.update(coins).set({ listed: false }).where(eq(coins.symbol, "RUBI"));
    await prepareTradingStore(server.ctx.db, server.ctx.config);
    expect(await rowCount(server.ctx.db, "coins")).toBe(17);
    expect(await coinOf(null, "RUBI")).toBeUndefined();
    await server.ctx.db.update(coins).set({ listed: true }).where(eq(coins.symbol, "RUBI"));
  });
});

describe("GET /api/coins", () => {
  it("shows the best live prices: the lowest sell price to buy at, the highest buy price to sell at", async () => {
    const { db } = server.ctx;
    await putOffer(db, cheap, "CORE", { buy_price: "400.00", sell_price: "450.00" });
    await putOffer(db, dear, "CORE", { buy_price: "420.00", sell_price: "480.00" });
    expect(await coinOf(null, "CORE")).toMatchObject({ best_buy_price: "450.00", best_sell_price: "420.00", online_merchants: 2 });

    await putOffer(db, cheap, "CORE", { buy_price: "400.00", sell_price: "450.00", online: false });
    expect(await coinOf(null, "CORE")).toMatchObject({ best_buy_price: "480.00", best_sell_price: "420.00", online_merchants: 1 });

    // A merchant who lost the role no longer counts.
    await db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, dear.id));
    expect(await coinOf(null, "CORE")).toMatchObject({ best_buy_price: null, best_sell_price: null, online_merchants: 0 });
    await db.update(userRoles).set({ role: "merchant" }).where(eq(userRoles.userId, dear.id));
  });

  it("counts the last 24 h of completed trades once each, with the trend and the price history", async () => {
    await putOffer(server.ctx.db, cheap, "PI");
    await tradeTo(server, { admin, user, merchant: cheap }, { side: "buy", status: "completed", naira: "10000" });
    await tradeTo(server, { admin, user, merchant: cheap }, { side: "buy", status: "completed", naira: "5000" });
    await tradeTo(server, { admin, user, merchant: cheap }, { side: "sell", status: "completed", naira: "9500" });
    await tradeTo(server, { admin, user, merchant: cheap }, { side: "buy", status: "matched" });
    const pi = await coinOf(user.token, "PI");
    expect(pi).toMatchObject({
      volume_24h: { trades: 3, coin_amount: "25.00000000", naira_amount: "24500.00" },
      trend: "bullish",
      buy_percent: 66.7,
      sell_percent: 33.3,
    });
    const history = await getJson(server.url, null, "/api/coins/pi/price-history?days=1");
    priceHistoryResponse.parse(history.body);
    expect(history.body.points.map((p: { price: string }) => p.price)).toEqual(["1000.00", "1000.00", "950.00"]);
    expect((await getJson(server.url, null, "/api/coins/PI/price-history?days=365")).status).toBe(400);
    expect((await getJson(server.url, null, "/api/coins/DOGE/price-history")).status).toBe(404);
  });
});

describe("the watchlist", () => {
  it("watches and unwatches listed coins for the caller only", async () => {
    const res = await postJson(server.url, user.token, "/api/coins/sidra/watch");
    expect(res.status).toBe(204);
    expect((await postJson(server.url, user.token, "/api/coins/SIDRA/watch")).status).toBe(204);
    expect((await coinOf(user.token, "SIDRA"))!.watched).toBe(true);
    expect((await coinOf(admin.token, "SIDRA"))!.watched).toBe(false);
    expect((await coinOf(null, "SIDRA"))!.watched).toBe(false);
    expect((await call(server.url, user.token, "/api/coins/SIDRA/watch", { method: "DELETE" })).status).toBe(204);
    expect((await coinOf(user.token, "SIDRA"))!.watched).toBe(false);
  });

  it("refuses unknown and unlisted coins and signed-out callers", async () => {
    const before = await rowCount(server.ctx.db, "coin_watches");
    expect((await postJson(server.url, user.token, "/api/coins/DOGE/watch")).status).toBe(404);
    const unlisted = await postJson(server.url, user.token, "/api/coins/ETH/watch");
    expect(unlisted.status).toBe(409);
    expect(unlisted.body.error).toEqual({ code: "COIN_UNAVAILABLE", message: "ETH is not listed for trading." });
    expect((await postJson(server.url, null, "/api/coins/PI/watch")).status).toBe(401);
    expect(await rowCount(server.ctx.db, "coin_watches")).toBe(before);
  });
});

describe("PATCH /api/admin/coins/:symbol", () => {
  const patch = (token: string | null, symbol: string, body: unknown) =>
    fetch(`${server.url}/api/admin/coins/${symbol}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it("lists and unlists a coin, audited", async () => {
    const res = await patch(admin.token, "ETH", { listed: true });
    expect(res.status).toBe(200);
    expect((await res.json()).coin).toMatchObject({ symbol: "ETH", listed: true });
    expect(await coinOf(null, "ETH")).toBeDefined();
    expect((await patch(admin.token, "eth", { listed: false })).status).toBe(200);
    expect(await coinOf(null, "ETH")).toBeUndefined();
  });

  it("tells every signed-in tab on the market topic when a coin is listed or its fee rate changes", async () => {
    const socket = await TestSocket.connect(server.url, user.token);
    try {
      await socket.waitFor((f) => f.type === "hello");
      expect(await socket.subscribe(MARKET_TOPIC)).toMatchObject({ type: "subscribed" });
      const changes = () => socket.frames.filter((f) => f.event === REALTIME_EVENTS.coinsChanged && f.payload?.coin === "SOL").length;
      expect((await patch(admin.token, "SOL", { listed: true })).status).toBe(200);
      await socket.waitUntil(() => changes() === 1);
      expect((await patch(admin.token, "SOL", { fee_bps: 75 })).status).toBe(200);
      await socket.waitUntil(() => changes() === 2);
      expect((await patch(admin.token, "SOL", { listed: false })).status).toBe(200);
      await socket.waitUntil(() => changes() === 3);
    } finally {
      socket.close();
    }
  });

  it("is for admins only and refuses bad input, changing nothing", async () => {
    for (const who of [user, cheap]) {
      const res = await patch(who.token, "ETH", { listed: true });
      expect(res.status).toBe(403);
    }
    expect((await patch(null, "ETH", { listed: true })).status).toBe(401);
    expect((await patch(admin.token, "DOGE", { listed: true })).status).toBe(404);
    expect((await patch(admin.token, "ETH", {})).status).toBe(400);
    expect((await patch(admin.token, "ETH", { listed: "yes" })).status).toBe(400);
    expect((await patch(admin.token, "ETH", { deposit_address: "bad address" })).status).toBe(400);
    expect(await coinOf(null, "ETH")).toBeUndefined();
  });
});
