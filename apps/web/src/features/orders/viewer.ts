import { msg, sideOfParty, type Order, type TradeSide } from "@p2p/shared";

/** Who is looking at an order and which side of it they are on, the one rule every screen saying "Buy" or "Sell" follows. */

export type Party = Order["creator"];

/** A merchant looking at an open request they may take (not yet a party to it). */
const mayTakeOpenRequest = (order: Order, viewerId: string | undefined) =>
  order.merchant === null && order.creator.id !== viewerId && order.allowed_actions.includes("accept");

/** Who is looking at an order, from their side of the trade. */
export type Viewer = {
  side: TradeSide;
  isCreator: boolean;
  /** The order's merchant, or a merchant who may take this open request. */
  isMerchant: boolean;
  /** The other party; null for viewers outside the trade (admins) and before a merchant is matched. */
  counterparty: Party | null;
};

export function viewerOf(order: Order, viewerId: string | undefined): Viewer {
  const isCreator = order.creator.id === viewerId;
  const taking = mayTakeOpenRequest(order, viewerId);
  const isMerchant = taking || (order.merchant !== null && order.merchant.id === viewerId);
  return {
    // Their own side as a party; for a merchant eyeing an open request, the other side of it; for an admin, the creator's.
    side: order.my_side ?? sideOfParty(order.side, taking ? "merchant" : "creator"),
    isCreator,
    isMerchant,
    counterparty: isCreator ? order.merchant : isMerchant ? order.creator : null,
  };
}

/** The order's headline in the viewer's words (the order page's title, the chat's header): "Buy 20 SIDRA" to one party is "Sell 20 SIDRA" to the other. */
export const SIDE_HEADLINE: Record<TradeSide, { title: string; withTotal: string }> = {
  buy: { title: msg("Buy <amount>{{amount}}</amount> {{coin}}"), withTotal: msg("Buy {{amount}} {{coin}} · {{naira}}") },
  sell: { title: msg("Sell <amount>{{amount}}</amount> {{coin}}"), withTotal: msg("Sell {{amount}} {{coin}} · {{naira}}") },
};
