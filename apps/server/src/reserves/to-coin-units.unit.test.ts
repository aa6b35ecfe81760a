import { describe, expect, it } from "vitest";
import { toCoinUnits } from "./read-onchain-balances.js";

describe("on-chain amounts in coin units (1e-8)", () => {
  it("scales down 18-decimal amounts, rounding down, and scales up 6-decimal ones exactly", () => {
    expect(toCoinUnits(2_123_456_789_000_000_000n, 18)).toBe(212_345_678n);
    expect(toCoinUnits(9_999_999_999n, 18)).toBe(0n);
    expect(toCoinUnits(1_500_000n, 6)).toBe(150_000_000n);
    expect(toCoinUnits(42n, 8)).toBe(42n);
  });
});
