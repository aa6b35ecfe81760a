import { describe, expect, it } from "vitest";
import { feeFor, feePercent, feeSplit, freePeriodEnd, inFreePeriod, MERCHANT_FREE_MS } from "./fees.js";

describe("fees", () => {
  it("rounds the fee down to the coin's smallest unit, in the merchant's favour", () => {
    expect(feeFor(100_000_000n, 50)).toBe(500_000n); // 1 coin at 0.5 % = 0.005
    expect(feeFor(199n, 50)).toBe(0n); // 0.995 units rounds down to nothing
    expect(feeFor(201n, 50)).toBe(1n);
    expect(feeFor(123_456_789n, 1_000)).toBe(12_345_678n);
  });

  it("refuses a rate outside 0..1000 basis points or not whole", () => {
    expect(() => feeFor(1n, -1)).toThrow(RangeError);
    expect(() => feeFor(1n, 1_001)).toThrow(RangeError);
    expect(() => feeFor(1n, 0.5)).toThrow(RangeError);
  });

  it("a merchant's free period ends exactly 30 days after they became one", () => {
    const since = new Date("2026-01-01T00:00:00Z");
    expect(inFreePeriod(since, new Date(since.getTime() + MERCHANT_FREE_MS - 1))).toBe(true);
    expect(inFreePeriod(since, new Date(since.getTime() + MERCHANT_FREE_MS))).toBe(false);
    expect(inFreePeriod(null, since)).toBe(false);
    expect(freePeriodEnd(since).toISOString()).toBe("2026-01-31T00:00:00.000Z");
  });

  it("escrow holds amount + fee when the merchant sells, and the amount less the fee reaches a merchant who buys", () => {
    expect(feeSplit({ side: "buy", coinUnits: 1000n, feeUnits: 5n })).toEqual({ locked: 1005n, toBuyer: 1000n, fee: 5n });
    expect(feeSplit({ side: "sell", coinUnits: 1000n, feeUnits: 5n })).toEqual({ locked: 1000n, toBuyer: 995n, fee: 5n });
  });

  it("writes a rate as a percentage", () => {
    expect(feePercent(0)).toBe("0");
    expect(feePercent(50)).toBe("0.5");
    expect(feePercent(125)).toBe("1.25");
    expect(feePercent(1000)).toBe("10");
    expect(feePercent(5)).toBe("0.05");
  });
});
