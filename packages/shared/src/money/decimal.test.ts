import { describe, expect, it } from "vitest";
import { coinsForNaira, DecimalError, formatCoin, formatNaira, isAmount, nairaForCoins, parseCoin, parseNaira, trimDecimal } from "./decimal.js";

describe("parsing and formatting", () => {
  it("trims the trailing zeros a stored amount has, and nothing else", () => {
    expect(trimDecimal("20.00000000")).toBe("20");
    expect(trimDecimal("12.50000000")).toBe("12.5");
    expect(trimDecimal("100")).toBe("100");
    expect(trimDecimal("0.00000001")).toBe("0.00000001");
  });

  it("round-trips coin amounts at 8 places", () => {
    expect(parseCoin("12.5")).toBe(1_250_000_000n);
    expect(formatCoin(1_250_000_000n)).toBe("12.50000000");
    expect(formatCoin(parseCoin("0.00000001"))).toBe("0.00000001");
    expect(formatCoin(parseCoin("99999999999.99999999"))).toBe("99999999999.99999999");
  });

  it("round-trips naira at 2 places", () => {
    expect(parseNaira("1500")).toBe(150_000n);
    expect(formatNaira(150_050n)).toBe("1500.50");
  });

  it.each(["", "-1", "+1", "1e5", "1.", ".5", "abc", "1,000", "0x10", "١٢"])("refuses %j", (text) => {
    expect(() => parseCoin(text)).toThrow(DecimalError);
  });

  it("refuses more places than the scale instead of rounding them away", () => {
    expect(() => parseCoin("1.000000001")).toThrow(/more than 8/);
    expect(() => parseNaira("1.005")).toThrow(/more than 2/);
  });

  it("isAmount accepts only positive amounts", () => {
    expect(isAmount("0", 8)).toBe(false);
    expect(isAmount("0.00000001", 8)).toBe(true);
    expect(isAmount("-5", 8)).toBe(false);
  });

  it("formats negative units with a sign", () => {
    expect(formatCoin(-1n)).toBe("-0.00000001");
  });
});

describe("conversions", () => {
  it("prices coins in naira, rounding half up to the kobo", () => {
    // 1.5 coins at ₦1,234.57 = ₦1,851.855 → ₦1,851.86
    expect(formatNaira(nairaForCoins(parseCoin("1.5"), parseNaira("1234.57")))).toBe("1851.86");
  });

  it("buys coins for naira, rounding down", () => {
    // ₦1,000 at ₦3 per coin = 333.33333333… coins
    expect(formatCoin(coinsForNaira(parseNaira("1000"), parseNaira("3")))).toBe("333.33333333");
  });

  it("never yields more naira value than was paid when converting back", () => {
    const price = parseNaira("777.77");
    for (const naira of ["1", "10.01", "999.99", "123456.78"]) {
      const coins = coinsForNaira(parseNaira(naira), price);
      expect(nairaForCoins(coins, price) <= parseNaira(naira)).toBe(true);
    }
  });
});

describe("display and signed parsing", () => {
  it("groups naira thousands for people to read", async () => {
    const { displayNaira } = await import("./decimal.js");
    expect(displayNaira(123_456_789n)).toBe("₦1,234,567.89");
    expect(displayNaira(5n)).toBe("₦0.05");
    expect(displayNaira(-100_000n)).toBe("-₦1,000.00");
  });

  it("parses signed ledger amounts exactly", async () => {
    const { parseSignedUnits } = await import("./decimal.js");
    expect(parseSignedUnits("-12.50000000", 8)).toBe(-1_250_000_000n);
    expect(parseSignedUnits("3", 8)).toBe(300_000_000n);
  });
});
