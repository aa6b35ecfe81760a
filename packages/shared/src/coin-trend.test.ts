import { describe, expect, it } from "vitest";
import { coinActivity } from "./coin-trend.js";

describe("coinActivity", () => {
  it("is bullish only when buys exceed 60%", () => {
    expect(coinActivity("PI", 61, 39).trend).toBe("bullish");
    expect(coinActivity("PI", 60, 40).trend).toBe("neutral");
  });

  it("is bearish only when sells exceed 60%", () => {
    expect(coinActivity("PI", 2, 3).trend).toBe("neutral");
    expect(coinActivity("PI", 1, 2).trend).toBe("bearish");
  });

  it("rounds shares to one decimal", () => {
    const a = coinActivity("CORE", 1, 2);
    expect(a.buy_percent).toBe(33.3);
    expect(a.sell_percent).toBe(66.7);
  });

  it("treats no trades as neutral with zero shares", () => {
    expect(coinActivity("SIDRA", 0, 0)).toMatchObject({ buy_percent: 0, sell_percent: 0, trend: "neutral" });
  });
});
