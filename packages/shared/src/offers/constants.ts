/*
 * The sides of a trade, apart from the schemas in schemas/offers.ts, so that a screen needing only
 * these does not load zod and build the schemas (importing a schema module builds all of them).
 */

export const TRADE_SIDES = ["buy", "sell"] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];
