import { describe, expect, it } from "vitest";
import { coinAmountSchema, coinSymbolSchema, nairaAmountSchema } from "./coins.js";
import { upsertOfferRequest } from "./offers.js";
import { createOrderRequest } from "./orders.js";

describe("money schemas", () => {
  it("take decimal strings only, positive, within the scale", () => {
    expect(nairaAmountSchema.parse(" 1500.5 ")).toBe("1500.5");
    expect(coinAmountSchema.parse("0.00000001")).toBe("0.00000001");
    for (const bad of ["0", "-1", "1.001", "1e3", "", "abc"]) expect(nairaAmountSchema.safeParse(bad).success, bad).toBe(false);
    expect(nairaAmountSchema.safeParse(1500).success).toBe(false);
    expect(coinAmountSchema.safeParse("1.123456789").success).toBe(false);
    expect(nairaAmountSchema.safeParse("1000000000000.01").success).toBe(false);
  });

  it("knows the 17 coins, case-insensitively", () => {
    expect(coinSymbolSchema.parse("gas-fee")).toBe("GAS-FEE");
    expect(coinSymbolSchema.safeParse("DOGE").success).toBe(false);
  });
});

describe("request schemas", () => {
  const offer = {
    buy_price: "950",
    sell_price: "1000",
    min_order: "1000",
    max_order: "5000",
    bank_name: "Zenith",
    account_number: "0123456789",
    account_name: "Ade",
  };

  it("check an offer's limits and prices against each other, even when a field is malformed", () => {
    expect(upsertOfferRequest.safeParse(offer).success).toBe(true);
    expect(upsertOfferRequest.safeParse({ ...offer, max_order: "999" }).success).toBe(false);
    expect(upsertOfferRequest.safeParse({ ...offer, buy_price: "1001" }).success).toBe(false);
    expect(upsertOfferRequest.safeParse({ ...offer, sell_price: "1.001" }).success).toBe(false);
  });

  it("want an order's amount in exactly one unit, and bank details exactly when selling", () => {
    const base = { merchant_id: "6f1c1f2e-8d4a-4c1e-9a59-3f4b2b1c0d9e", coin: "PI", side: "buy" };
    expect(createOrderRequest.safeParse({ ...base, naira_amount: "5000" }).success).toBe(true);
    expect(createOrderRequest.safeParse(base).success).toBe(false);
    expect(createOrderRequest.safeParse({ ...base, naira_amount: "5000", coin_amount: "5" }).success).toBe(false);
    expect(createOrderRequest.safeParse({ ...base, side: "sell", coin_amount: "5" }).success).toBe(false);
    const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada" };
    expect(createOrderRequest.safeParse({ ...base, side: "sell", coin_amount: "5", payout }).success).toBe(true);
  });
});
