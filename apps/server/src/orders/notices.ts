import { displayNaira, parseNaira, stepNotice, type OrderAction } from "@p2p/shared";
import type { OrderRow } from "./order-actors.js";

/** What the notices read of the order: the step it entered, and for "create" its terms. */
type NoticeOrder = Pick<OrderRow, "currentStep" | "side" | "coinAmount" | "coin" | "price" | "nairaAmount">;
type Context = { order: NoticeOrder; actorRole?: string; reason?: string };

/** The system message each transition writes into the order's chat, seen by both parties. */
export function chatNotice(action: OrderAction | "create", { order, actorRole, reason }: Context): string {
  if (action === "create") {
    return `Order created: ${order.side} ${order.coinAmount} ${order.coin} at ${displayNaira(parseNaira(order.price))} per coin, ${displayNaira(parseNaira(order.nairaAmount))} in total.`;
  }
  return transitionNotice(action, order.currentStep, actorRole, reason);
}

/** Notices that name who acted ("cancelled by the buyer"): only the order row tells the actor's role. */
const NAMES_ACTOR: ReadonlySet<OrderAction> = new Set(["cancel", "open_appeal"]);

/**
 * The notice of a move into a status with a step, when it is known before the order row is (it
 * does not name the actor), so the move and its notice can be one statement; otherwise null.
 */
export function noticeBeforeMove(action: OrderAction, step: number, reason?: string): string | null {
  return NAMES_ACTOR.has(action) ? null : transitionNotice(action, step, undefined, reason);
}

function transitionNotice(action: OrderAction, currentStep: number, actorRole?: string, reason?: string): string {
  const step = stepNotice(currentStep);
  const why = reason ? ` Reason: ${reason}` : "";
  switch (action) {
    case "accept":
      return `The merchant accepted the order. ${step}.`;
    case "mark_paid":
      return `The buyer marked the naira payment as sent. ${step}.`;
    case "confirm_payment":
      return `The seller confirmed the payment and the coins were released to the buyer. ${step}.`;
    case "cancel":
      return `The order was cancelled by the ${actorRole ?? "trader"}.${why}`;
    case "open_appeal":
      return `The ${actorRole ?? "trader"} opened an appeal.${why}`;
    case "withdraw_appeal":
      return "The appeal was withdrawn; the trade continues.";
    case "resolve_release":
      return `An admin resolved the appeal: the coins were released to the buyer.${why}`;
    case "resolve_refund":
      return `An admin resolved the appeal: the coins were returned to the seller.${why}`;
    case "expire_acceptance":
      return "The order was not accepted in time and has been cancelled.";
    case "expire_payment":
      return "The payment window ran out; the order has been cancelled.";
    case "expire_confirmation":
      return "The seller did not confirm the payment in time; the order is now under dispute review.";
  }
}

/** The reason stored with an appeal the confirmation timer opened. */
export function confirmationTimeoutReason(minutes: number): string {
  return `The seller did not confirm the payment within ${minutes} minutes of it being marked as sent.`;
}
