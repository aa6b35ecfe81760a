import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser } from "../../test/fixtures.js";
import { notifications, orders, users } from "../db/schema.js";
import { OPEN_REQUESTS_PER_HOUR } from "../http/account-quota.js";
import { getJson, postJson, putOffer } from "../../test/trading-fixtures.js";

let server: TestServer;
const secret = () => server.ctx.config.sessionSecret;
const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const merchantWithOffer = async (coin: string, online = true) => {
  const merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  await putOffer(server.ctx.db, merchant, coin, { online });
  return merchant;
};

/** Who got the open request's notice, one entry per row. */
const notified = async (orderId: string) =>
  (
    await server.ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.type, "new_open_request")))
  ).map((r) => r.userId);

const openRequests = async () =>
  (await server.ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.type, "new_open_request"))).length;

describe("a new open request", () => {
  it("notifies each merchant with a live offer for its coin, once, with the order's details from their side", async () => {
    const db = server.ctx.db;
    const trader = await createSignedInUser(db, secret());
    const live = await merchantWithOffer("PI");
    const oneChannelOff = await merchantWithOffer("PI");
    const otherCoin = await merchantWithOffer("SIDRA");
    const offline = await merchantWithOffer("PI", false);
    const suspended = await merchantWithOffer("PI");
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const muted = await merchantWithOffer("PI");
    const off = { toast: false, browser: false, telegram: false, push: false };
    expect(
      (await call(server.url, muted.token, "/api/notification-preferences", { method: "PUT", body: { preferences: { new_open_request: off } } }))
        .status,
    ).toBe(200);
    const telegramOff = { preferences: { new_open_request: { telegram: false } } };
    expect((await call(server.url, oneChannelOff.token, "/api/notification-preferences", { method: "PUT", body: telegramOff })).status).toBe(200);

    const created = await postJson(server.url, trader.token, "/api/orders/open-requests", {
      coin: "PI",
      side: "buy",
      naira_amount: "24600",
      price: "1230",
    });
    expect(created.status).toBe(201);
    const id = created.body.order.id as string;

    expect((await notified(id)).sort()).toEqual([live.id, oneChannelOff.id].sort());
    for (const absent of [otherCoin, offline, suspended, muted, trader]) expect(await notified(id)).not.toContain(absent.id);

    const list = await getJson(server.url, live.token, "/api/notifications?page_size=50");
    const notice = list.body.notifications.find((n: { order_id: string | null }) => n.order_id === id);
    expect(notice).toMatchObject({
      type: "new_open_request",
      title: "New PI open request",
      message: `${trader.username} wants to buy 20 PI for ₦24,600.00. Accept it on the Marketplace.`,
      details: { side: "sell", coin: "PI", coin_amount: "20.00000000", naira_amount: "24600.00", counterparty: trader.username },
    });
  });

  it("never notifies the merchant who posts it", async () => {
    const poster = await merchantWithOffer("PI");
    const other = await merchantWithOffer("PI");
    const created = await postJson(server.url, poster.token, "/api/orders/open-requests", {
      coin: "PI",
      side: "buy",
      naira_amount: "5000",
      price: "1000",
    });
    expect(created.status).toBe(201);
    const who = await notified(created.body.order.id);
    expect(who).toContain(other.id);
    expect(who).not.toContain(poster.id);
  });

  it("notifies nobody when the request is refused", async () => {
    const trader = await createSignedInUser(server.ctx.db, secret());
    await merchantWithOffer("SIDRA");
    const before = await openRequests();
    // Selling coins the trader does not hold: the escrow lock refuses it inside the transaction.
    const refused = await postJson(server.url, trader.token, "/api/orders/open-requests", {
      coin: "SIDRA",
      side: "sell",
      coin_amount: "5",
      price: "800",
      payout,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await openRequests()).toBe(before);
  });
});

describe("open requests from one account", () => {
  it(`are capped at ${OPEN_REQUESTS_PER_HOUR} an hour, since each one notifies every merchant of the coin: the next is refused and writes nothing`, async () => {
    const db = server.ctx.db;
    const flooder = await createSignedInUser(db, secret());
    await merchantWithOffer("PI");
    const post = () =>
      postJson(server.url, flooder.token, "/api/orders/open-requests", { coin: "PI", side: "buy", naira_amount: "5000", price: "1000" });
    for (let i = 0; i < OPEN_REQUESTS_PER_HOUR; i++) expect((await post()).status).toBe(201);
    const notices = await openRequests();
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe("Too many open requests this hour. Try again later.");
    expect(await openRequests()).toBe(notices);
    const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.creatorId, flooder.id));
    expect(mine).toHaveLength(OPEN_REQUESTS_PER_HOUR);
  });
});
