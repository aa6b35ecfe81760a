import { describe, expect, it } from "vitest";
import { amountField, computeAmounts, unitsToInput } from "./amounts";
import { checkAmount, checkPayout } from "./validate";

describe("computeAmounts", () => {
  it("rounds coins down when naira is entered, as the server does", () => {
    // ₦25,000 at ₦1,650 = 15.151515151… PI → 15.15151515 (never more than was paid for)
    expect(computeAmounts("25000", "naira", "1650.00")).toEqual({ naira: 2_500_000n, coins: 1_515_151_515n });
  });

  it("rounds naira half up to the kobo when coins are entered", () => {
    // 0.003 PI at ₦1,650 costs exactly ₦4.95
    expect(computeAmounts("0.003", "coin", "1650")).toEqual({ coins: 300_000n, naira: 495n });
  });

  it("accepts a trailing point while typing and refuses what is not a number yet", () => {
    expect(computeAmounts("12.", "coin", "100")?.coins).toBe(1_200_000_000n);
    expect(computeAmounts("", "naira", "100")).toBeNull();
    expect(computeAmounts("1.234", "naira", "100")).toBeNull();
  });

  it("builds exactly one amount field at full scale", () => {
    const amounts = computeAmounts("1500.5", "naira", "1500")!;
    expect(amountField(amounts, "naira")).toEqual({ naira_amount: "1500.50" });
    expect(amountField(amounts, "coin")).toEqual({ coin_amount: "1.00033333" });
  });

  it("carries an amount into the other unit without trailing zeros", () => {
    expect(unitsToInput(1_500_000_000n, "coin")).toBe("15");
    expect(unitsToInput(150_050n, "naira")).toBe("1500.5");
    expect(unitsToInput(0n, "naira")).toBe("0");
  });
});

describe("checkAmount", () => {
  const base = { coin: "PI", side: "buy" as const, limits: { min: "5000.00", max: "500000.00" }, required: true };

  it("asks for an amount only once the form was submitted", () => {
    expect(checkAmount(null, { ...base, required: false })).toBeUndefined();
    expect(checkAmount(null, base)).toBe("Enter an amount");
  });

  it("names the merchant's limits in naira", () => {
    expect(checkAmount(computeAmounts("100", "naira", "1650"), base)).toBe(
      "This merchant takes orders from ₦5,000.00 to ₦500,000.00; this order is ₦100.00.",
    );
    expect(checkAmount(computeAmounts("5000", "naira", "1650"), base)).toBeUndefined();
  });

  it("tells a seller first that they lack the coins", () => {
    const message = checkAmount(computeAmounts("1000", "coin", "1650"), { ...base, side: "sell", available: 10_00000000n });
    expect(message).toMatch(/^You have 10 PI available/);
  });
});

describe("checkPayout", () => {
  it("uses the shared schema's messages", () => {
    expect(checkPayout({ bank_name: "", account_number: "123", account_name: "Ada" })).toEqual({
      bank_name: "Bank name is required",
      account_number: "Enter the 10-digit NUBAN account number",
    });
    expect(checkPayout({ bank_name: "GTBank", account_number: "0123456789", account_name: "Ada Obi" })).toEqual({});
  });
});
