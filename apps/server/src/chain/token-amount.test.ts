import { describe, expect, it } from "vitest";
import { tokenUnitsToCoin } from "./token-amount.js";

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
