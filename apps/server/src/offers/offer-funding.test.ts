import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOffersResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { expectLedgerSound, fund, getJson, postJson, putOffer, rowCount } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let trader: TestUser;
let merchant: TestUser;

const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

beforeEach(async () => {
  trader = await createSignedInUser(server.ctx.db, secret());
  merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  // ₦1,000 a coin, orders from ₦1,000: one coin fills the minimum.
  await putOffer(server.ctx.db, merchant, "SIDRA", { buy_price: "900", sell_price: "1000", min_order: "1000", max_order: "1000000" });
});

/** The merchant's offer on the trader's buy list, or undefined when it is not listed. */
async function listed(coin = "SIDRA") {
  const res = await getJson(server.url, trader.token, `/api/offers?coin=${coin}&side=buy`);
  return listOffersResponse.parse(res.body).offers.find((o) => o.merchant_id === merchant.id);
}

const buy = (who: TestUser, coins: string) =>
  postJson(server.url, who.token, "/api/orders", { merchant_id: merchant.id, coin: "SIDRA", side: "buy", coin_amount: coins });

describe("an offer's quantity is backed by the merchant's balance", () => {
  it("does not list a sell offer from a merchant with 0 SIDRA, and refuses an order on it at creation", async () => {
    expect(await listed()).toBeUndefined();
    const before = await rowCount(server.ctx.db, "orders");
    const res = await buy(trader, "5");
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: "AMOUNT_OUT_OF_RANGE",
      message: "This merchant has only 0.00000000 SIDRA available for new orders.",
    });
    expect(await rowCount(server.ctx.db, "orders")).toBe(before);
  });

  it("does not list an offer whose coins cannot fill its own minimum order", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "0.9");
    expect(await listed()).toBeUndefined();
    await fund(server.ctx.db, admin, merchant, "SIDRA", "0.1");
    expect(await listed()).toMatchObject({ available: "1.00000000", price: "1000.00" });
  });

  it("shows what is available after pending orders, and refuses an order larger than that at creation", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    expect((await listed())?.available).toBe("10.00000000");
    expect((await buy(trader, "6")).status).toBe(201);
    expect((await listed())?.available).toBe("4.00000000");

    const other = await createSignedInUser(server.ctx.db, secret());
    const res = await buy(other, "5");
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("This merchant has only 4.00000000 SIDRA available for new orders.");
    expect((await buy(other, "4")).status).toBe(201);
    expect(await listed()).toBeUndefined();
  });

  it("gives the last coins to exactly one of four orders racing for them", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    const traders = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(server.ctx.db, secret())));
    const answers = await Promise.all(traders.map((t) => buy(t, "6")));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    expect((await listed())?.available).toBe("4.00000000");
  });

  it("frees the coins of a cancelled order, and counts them out once the merchant accepts", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    const first = await buy(trader, "6");
    await postJson(server.url, trader.token, `/api/orders/${first.body.order.id}/cancel`, {});
    expect((await listed())?.available).toBe("10.00000000");

    const second = await buy(trader, "7");
    expect((await postJson(server.url, merchant.token, `/api/orders/${second.body.order.id}/accept`)).status).toBe(200);
    expect((await listed())?.available).toBe("3.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("drops an online sell offer from the list when a withdrawal drains the balance behind it", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    expect(await listed()).toBeDefined();
    const withdrawal = await postJson(server.url, merchant.token, "/api/wallet/withdrawals", {
      coin: "SIDRA",
      network: "Sidra",
      amount: "9.5",
      address: "0x5d1da00000000000000000000000000000000001",
    });
    expect(withdrawal.status).toBe(201);
    expect(await listed()).toBeUndefined();
    expect((await buy(trader, "1")).status).toBe(422);
    expect((await buy(trader, "0.5")).status).toBe(422);
  });

  it("lets a merchant take an open buy request only with coins their pending orders do not already count on", async () => {
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    expect((await buy(trader, "6")).status).toBe(201);
    const buyer = await createSignedInUser(server.ctx.db, secret());
    const request = await postJson(server.url, buyer.token, "/api/orders/open-requests", {
      coin: "SIDRA",
      side: "buy",
      coin_amount: "5",
      price: "1000",
    });
    expect(request.status).toBe(201);

    const res = await postJson(server.url, merchant.token, `/api/orders/${request.body.order.id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "INSUFFICIENT_BALANCE",
      message: "You have only 4.00000000 SIDRA free for this order; your pending orders hold the rest.",
    });
    const after = await getJson(server.url, buyer.token, `/api/orders/${request.body.order.id}`);
    expect(after.body.order).toMatchObject({ status: "pending", escrow_locked: false });
    expect((await listed())?.available).toBe("4.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("does not default an open request's price to an offer with no coins behind it", async () => {
    // The bait: an unfunded offer at ₦1; the only funded one sells at ₦1,000.
    const bait = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
    await putOffer(server.ctx.db, bait, "SIDRA", { buy_price: "1", sell_price: "1", min_order: "1", max_order: "1000000" });
    await fund(server.ctx.db, admin, merchant, "SIDRA", "10");
    const res = await postJson(server.url, trader.token, "/api/orders/open-requests", { coin: "SIDRA", side: "buy", naira_amount: "2000" });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ price: "1000.00", coin_amount: "2.00000000" });
  });

  it("lists a merchant who buys without a balance: the naira they pay is not held here", async () => {
    const res = await getJson(server.url, trader.token, "/api/offers?coin=SIDRA&side=sell");
    const offer = listOffersResponse.parse(res.body).offers.find((o) => o.merchant_id === merchant.id);
    expect(offer).toMatchObject({ price: "900.00", available: null });
  });
});
