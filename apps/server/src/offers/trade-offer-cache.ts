import type { TradeOffer } from "./find-offer.js";

/**
 * Each merchant's offer for a coin as the last order placed against it in this process read it,
 * tradable then. An order priced from a remembered offer is inserted only if the offer is still
 * exactly that (`offerStillSql`, in the insert's own statement: orders/create-order.ts), so an
 * offer changed since, by this process or another, costs the order a second try with the offer
 * read afresh, never an old term.
 */
const remembered = new Map<string, TradeOffer>();
/** Offers are one per merchant and coin; past this many, the oldest are let go. */
const LIMIT = 10_000;

const keyOf = (merchantId: string, coin: string) => `${merchantId}|${coin}`;

export function rememberedTradeOffer(merchantId: string, coin: string): TradeOffer | undefined {
  return remembered.get(keyOf(merchantId, coin));
}

export function rememberTradeOffer(found: TradeOffer): void {
  const key = keyOf(found.offer.merchantId, found.offer.coin);
  remembered.delete(key);
  if (!found.live || !found.coinListed) return;
  if (remembered.size >= LIMIT) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, found);
}

export function forgetTradeOffer(merchantId: string, coin: string): void {
  remembered.delete(keyOf(merchantId, coin));
}
