import type { OrderActor, Role, TradeSide } from "@p2p/shared";
import type { orders } from "../db/schema.js";
import type { SessionProof } from "../auth/session-proof.js";

export type OrderRow = typeof orders.$inferSelect;
/** A signed-in person; `unproven` when taken on their token's word, their session to be checked by the move (auth/session-proof.ts). */
export type Caller = { id: string; role: Role; unproven?: SessionProof };
/** Who drives a transition: a signed-in person, or the system's timers. */
export type Actor = { kind: "person"; caller: Caller } | { kind: "system" };

/** The caller's relations to the order, as the state machine names them. */
export function relationsOf(order: OrderRow, caller: Caller): OrderActor[] {
  const relations: OrderActor[] = [];
  if (order.creatorId === caller.id) relations.push("creator");
  if (order.merchantId === caller.id) relations.push("merchant");
  if (order.buyerId === caller.id) relations.push("buyer");
  if (order.sellerId === caller.id) relations.push("seller");
  if (order.appellantId !== null && order.appellantId === caller.id) relations.push("appellant");
  if (caller.role === "admin") relations.push("admin");
  return relations;
}

/** The order's four relations to people: all that who may see and speak in it depends on. */
export type OrderParties = Pick<OrderRow, "creatorId" | "merchantId" | "buyerId" | "sellerId">;

export function isParticipant(order: OrderParties, userId: string): boolean {
  return participantsOf(order).includes(userId);
}

/** Creator, merchant, buyer and seller, each once (spec §4: who receives the order's notices). */
export function participantsOf(order: OrderParties): string[] {
  return [...new Set([order.creatorId, order.merchantId, order.buyerId, order.sellerId].filter((id): id is string => id !== null))];
}

export function sideOf(order: OrderRow, userId: string): TradeSide | null {
  if (order.buyerId === userId) return "buy";
  if (order.sellerId === userId) return "sell";
  return null;
}

/** The creator's coins are locked when the order is created if the creator sells; otherwise at acceptance. */
export function lockedAtCreation(side: string): boolean {
  return side === "sell";
}

/** The same, in SQL over an order's side column (a move's statement decides there whether it locks). */
export const LOCKED_AT_CREATION_SQL = (side: string) => `${side} = 'sell'`;

/** An open request any merchant with an online offer for its coin may take while it is unassigned. */
export function isOpenToMerchant(order: OrderRow, caller: Caller): boolean {
  return order.isOpenRequest && caller.role === "merchant" && order.creatorId !== caller.id;
}
