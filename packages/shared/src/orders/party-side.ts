import type { TradeSide } from "../offers/constants.js";

export const OTHER_SIDE: Record<TradeSide, TradeSide> = { buy: "sell", sell: "buy" };

/**
 * The side of a trade from one party's point of view: an order's `side` is its creator's, and the
 * merchant (or a merchant about to take an open request) trades the other side. Every screen and
 * notice that says "Buy" or "Sell" to a person goes through this, so the two parties' screens never
 * say the same side.
 */
export function sideOfParty(orderSide: TradeSide, party: "creator" | "merchant"): TradeSide {
  return party === "creator" ? orderSide : OTHER_SIDE[orderSide];
}
