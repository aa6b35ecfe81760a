import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { listOffersResponse, orderResponse } from "@p2p/shared";
import { coins } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, expectLedgerSound, fund, getJson, OFFER, postJson, putOffer, rowCount } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let trader: TestUser;
let merchant: TestUser;

const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

beforeEach(async () => {
  trader = await createSignedInUser(server.ctx.db, secret());
  merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1600", min_order: "1", max_order: "1000000" });
});

/** The merchant's offer as the trader sees it on /trade-merchants. */
async function offerSeen(side: "buy" | "sell") {
  const listed = await getJson(server.url, trader.token, `/api/offers?coin=USDT&side=${side}`);
  const offer = listOffersResponse.parse(listed.body).offers.find((o) => o.merchant_id === merchant.id);
  if (!offer) throw new Error("the merchant's offer is not listed");
  return offer;
}

const order = (body: Record<string, unknown>) =>
  postJson(server.url, trader.token, "/api/orders", { merchant_id: merchant.id, coin: "USDT", ...body });

describe("an order carries the terms the trader saw", () => {
  it("refuses a sale at ₦1,500 when the merchant switched to ₦1 meanwhile: 409 with the new terms, no order, no escrow", async () => {
    const db = server.ctx.db;
    await fund(db, admin, trader, "USDT", "50");
    const seen = await offerSeen("sell");
    expect(seen.price).toBe("1500.00");

    await putOffer(db, merchant, "USDT", { buy_price: "1", sell_price: "1600", min_order: "1", max_order: "1000000" });
    const orders = await rowCount(db, "orders");
    const res = await order({ side: "sell", coin_amount: "50", payout, price: seen.price, offer_version: seen.offer_version });

    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "OFFER_CHANGED",
      message: "This merchant changed the offer: the price is now ₦1.00 per USDT.",
      fields: { price: "1.00", offer_version: String(seen.offer_version + 1), min_order: "1.00", max_order: "1000000.00" },
    });
    expect(await rowCount(db, "orders")).toBe(orders);
    expect(await balance(db, trader.id, "USDT")).toBe("50.00000000");
    await expectLedgerSound(db);
  });

  it("takes the order once the trader resubmits with the new terms", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "100");
    const seen = await offerSeen("buy");
    await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1700", min_order: "1", max_order: "1000000" });
    const refused = await order({ side: "buy", naira_amount: "3400", price: seen.price, offer_version: seen.offer_version });
    expect(refused.status).toBe(409);

    const { price, offer_version } = refused.body.error.fields;
    const taken = await order({ side: "buy", naira_amount: "3400", price, offer_version: Number(offer_version) });
    expect(taken.status).toBe(201);
    expect(orderResponse.parse(taken.body).order).toMatchObject({ price: "1700.00", coin_amount: "2.00000000", naira_amount: "3400.00" });
  });

  it("is a conflict when only the limits changed, but not when the merchant only went offline and online again", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "100");
    const seen = await offerSeen("buy");
    await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1600", min_order: "1", max_order: "1000000", online: false });
    await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1600", min_order: "1", max_order: "1000000" });
    expect((await offerSeen("buy")).offer_version).toBe(seen.offer_version);
    expect((await order({ side: "buy", naira_amount: "1600", price: seen.price, offer_version: seen.offer_version })).status).toBe(201);

    await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1600", min_order: "2", max_order: "1000000" });
    const res = await order({ side: "buy", naira_amount: "1600", price: seen.price, offer_version: seen.offer_version });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toMatchObject({ price: "1600.00", min_order: "2.00" });
  });

  it("refuses a price that is not the offer's even with the current version", async () => {
    const seen = await offerSeen("sell");
    await fund(server.ctx.db, admin, trader, "USDT", "5");
    const res = await order({ side: "sell", coin_amount: "5", payout, price: "1499.99", offer_version: seen.offer_version });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("OFFER_CHANGED");
    expect(await balance(server.ctx.db, trader.id, "USDT")).toBe("5.00000000");
  });

  it.each([
    [{ price: "1500" }, "price"],
    [{ offer_version: 1 }, "price"],
    [{ price: "1500", offer_version: 0 }, "offer_version"],
    [{ price: "1500", offer_version: "1" }, "offer_version"],
    [{ price: "-1", offer_version: 1 }, "price"],
  ])("refuses the terms %j naming %s, writing nothing", async (terms, field) => {
    const before = await rowCount(server.ctx.db, "orders");
    const res = await order({ side: "sell", coin_amount: "1", payout, ...terms });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await rowCount(server.ctx.db, "orders")).toBe(before);
  });
});

describe("an existing order never changes price", () => {
  it("accepts and completes at the order's price after the merchant cut the offer to ₦1", async () => {
    const db = server.ctx.db;
    await fund(db, admin, merchant, "USDT", "100");
    const seen = await offerSeen("buy");
    const created = await order({ side: "buy", naira_amount: "16000", price: seen.price, offer_version: seen.offer_version });
    expect(created.status).toBe(201);
    const id = created.body.order.id as string;

    await putOffer(db, merchant, "USDT", { ...OFFER, buy_price: "1", sell_price: "1", min_order: "1" });
    for (const [who, action] of [
      [merchant, "accept"],
      [trader, "mark-paid"],
      [merchant, "confirm-payment"],
    ] as const) {
      const res = await postJson(server.url, who.token, `/api/orders/${id}/${action}`);
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ price: "1600.00", naira_amount: "16000.00", coin_amount: "10.00000000" });
    }
    expect(await balance(db, trader.id, "USDT")).toBe("10.00000000");
    expect(await balance(db, merchant.id, "USDT")).toBe("90.00000000");
    await expectLedgerSound(db);
  });
});

describe("an offer the server read for an earlier order never prices a later one once it changed", () => {
  // Each case places one order first, so the server has read the merchant's offer, changes what
  // an order is priced from, and places another without agreed terms: it must carry the new ones.
  const place = (nairaAmount: string) => order({ side: "buy", naira_amount: nairaAmount });

  it("carries the new price and bank details after the merchant changed them", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "100");
    expect((await place("1600")).body.order).toMatchObject({ price: "1600.00", payment_details: { account_number: OFFER.account_number } });

    await putOffer(server.ctx.db, merchant, "USDT", {
      buy_price: "1500",
      sell_price: "1700",
      min_order: "1",
      max_order: "1000000",
      account_number: "5550001111",
    });
    const next = await place("3400");
    expect(next.status).toBe(201);
    expect(orderResponse.parse(next.body).order).toMatchObject({
      price: "1700.00",
      coin_amount: "2.00000000",
      payment_details: { account_number: "5550001111" },
    });
  });

  it("refuses the next order, writing nothing, once the merchant went offline", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "100");
    expect((await place("1600")).status).toBe(201);

    await putOffer(server.ctx.db, merchant, "USDT", { buy_price: "1500", sell_price: "1600", min_order: "1", max_order: "1000000", online: false });
    const orders = await rowCount(server.ctx.db, "orders");
    const next = await place("1600");
    expect(next.status).toBe(409);
    expect(next.body.error.code).toBe("OFFER_UNAVAILABLE");
    expect(await rowCount(server.ctx.db, "orders")).toBe(orders);
  });

  it("carries the coin's new fee rate after an admin changed it", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "100");
    const first = orderResponse.parse((await place("1600")).body).order;
    const rate = first.fee_bps + 25;
    await server.ctx.db.update(coins).set({ feeBps: rate }).where(eq(coins.symbol, "USDT"));
    try {
      expect(orderResponse.parse((await place("1600")).body).order.fee_bps).toBe(rate);
    } finally {
      await server.ctx.db.update(coins).set({ feeBps: first.fee_bps }).where(eq(coins.symbol, "USDT"));
    }
  });

  it("never sells more than the merchant has when two orders race on the remembered offer", async () => {
    await fund(server.ctx.db, admin, merchant, "USDT", "3");
    expect((await place("1600")).status).toBe(201);
    for (let round = 0; round < 4; round++) {
      // 2 coins are left to sell: of two orders for 1.5 each, placed at once, exactly one fits.
      const racing = await Promise.all([place("2400"), place("2400")]);
      expect(racing.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(racing.find((r) => r.status === 422)!.body.error.code).toBe("AMOUNT_OUT_OF_RANGE");
      await fund(server.ctx.db, admin, merchant, "USDT", "1.5");
    }
  });
});
