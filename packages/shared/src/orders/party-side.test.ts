import { describe, expect, it } from "vitest";
import { sideOfParty } from "./party-side.js";

describe("sideOfParty", () => {
  it("gives the creator the order's side and the merchant the other one", () => {
    expect(sideOfParty("buy", "creator")).toBe("buy");
    expect(sideOfParty("buy", "merchant")).toBe("sell");
    expect(sideOfParty("sell", "creator")).toBe("sell");
    expect(sideOfParty("sell", "merchant")).toBe("buy");
  });
});
