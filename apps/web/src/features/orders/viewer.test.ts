import { describe, expect, it } from "vitest";
import type { Order } from "@p2p/shared";
import { SIDE_HEADLINE, viewerOf } from "./viewer";

const party = (id: string) => ({ id, username: id, reputation_score: "0.00", total_trades: 0 });

/** A buy order: its creator buys, its merchant sells. The server sends each party its own side as my_side. */
const order = (overrides: Partial<Order>): Order =>
  ({
    id: "o",
    coin: "SIDRA",
    side: "buy",
    my_side: null,
    creator: party("creator"),
    merchant: party("merchant"),
    allowed_actions: [],
    ...overrides,
  }) as Order;

describe("the side an order's headline shows (order page title, chat header)", () => {
  it("says Sell to the merchant of a buy order and Buy to its creator", () => {
    expect(SIDE_HEADLINE[viewerOf(order({ my_side: "sell" }), "merchant").side].withTotal).toBe("Sell {{amount}} {{coin}} · {{naira}}");
    expect(SIDE_HEADLINE[viewerOf(order({ my_side: "buy" }), "creator").side].withTotal).toBe("Buy {{amount}} {{coin}} · {{naira}}");
  });

  it("says Sell to a merchant about to take an open buy request, and the creator's side to an admin", () => {
    const open = order({ merchant: null, allowed_actions: ["accept"] });
    expect(viewerOf(open, "another-merchant").side).toBe("sell");
    expect(viewerOf(order({}), "admin").side).toBe("buy");
  });
});
