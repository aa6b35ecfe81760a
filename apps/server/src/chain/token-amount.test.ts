import { describe, expect, it } from "vitest";
import { coinToTokenUnits, scaleToCoinUnits, tokenUnitsToCoin } from "./token-amount.js";

describe("token units to the coin's 8 places", () => {
  it("truncates places beyond 8 down, never up", () => {
    expect(tokenUnitsToCoin(1_999_999_999_999_999_999n, 18)).toBe(199_999_999n);
    expect(tokenUnitsToCoin(9n, 18)).toBe(0n);
    expect(tokenUnitsToCoin(123_456_789n, 9)).toBe(12_345_678n);
  });
  it("is exact for 8 places or fewer", () => {
    expect(tokenUnitsToCoin(25_000_000n, 6)).toBe(2_500_000_000n);
    expect(tokenUnitsToCoin(7n, 0)).toBe(700_000_000n);
    expect(tokenUnitsToCoin(12_345_678n, 8)).toBe(12_345_678n);
  });
  it("refuses what no coin amount holds", () => {
    expect(tokenUnitsToCoin(10n ** 20n * 10n ** 18n, 18)).toBeNull();
    expect(tokenUnitsToCoin(-1n, 18)).toBeNull();
  });
});

describe("on-chain sums and coin amounts the other way", () => {
  it("scales a balance down to 8 places, rounding down, and 6-decimal ones up exactly", () => {
    expect(scaleToCoinUnits(2_123_456_789_000_000_000n, 18)).toBe(212_345_678n);
    expect(scaleToCoinUnits(9_999_999_999n, 18)).toBe(0n);
    expect(scaleToCoinUnits(1_500_000n, 6)).toBe(150_000_000n);
    expect(scaleToCoinUnits(42n, 8)).toBe(42n);
  });
  it("turns a coin amount into token units only when the token carries it exactly", () => {
    expect(coinToTokenUnits(150_000_000n, 18)).toBe(1_500_000_000_000_000_000n);
    expect(coinToTokenUnits(150_000_000n, 6)).toBe(1_500_000n);
    expect(coinToTokenUnits(150_000_001n, 6)).toBeNull();
  });
});
