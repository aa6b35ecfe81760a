import { displayNaira, fillTemplate, ORDER_TEXTS, parseNaira, trimDecimal, type OrderAction } from "@p2p/shared";
import type { OrderRow } from "./order-actors.js";

/** What the notices read of the order: the step it entered, and for "create" its terms. */
type NoticeOrder = Pick<OrderRow, "currentStep" | "side" | "coinAmount" | "coin" | "price" | "nairaAmount">;
type Context = { order: NoticeOrder; actorRole?: string; reason?: string };

/** The system message each transition writes into the order's chat, seen by both parties (English: the app translates it). */
export function chatNotice(action: OrderAction | "create", { order, actorRole, reason }: Context): string {
  if (action === "create") {
    return fillTemplate(ORDER_TEXTS.created, {
      side: order.side,
      amount: trimDecimal(order.coinAmount),
      coin: order.coin,
      price: displayNaira(parseNaira(order.price)),
      total: displayNaira(parseNaira(order.nairaAmount)),
    });
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

function transitionNotice(action: OrderAction, step: number, role = "trader", reason?: string): string {
  switch (action) {
    case "accept":
      return fillTemplate(ORDER_TEXTS.accepted, { step });
    case "mark_paid":
      return fillTemplate(ORDER_TEXTS.markedPaid, { step });
    case "confirm_payment":
      return fillTemplate(ORDER_TEXTS.paymentConfirmed, { step });
    case "cancel":
      return reason ? fillTemplate(ORDER_TEXTS.cancelledByWithReason, { role, reason }) : fillTemplate(ORDER_TEXTS.cancelledBy, { role });
    case "open_appeal":
      return reason ? fillTemplate(ORDER_TEXTS.appealedByWithReason, { role, reason }) : fillTemplate(ORDER_TEXTS.appealedBy, { role });
    case "withdraw_appeal":
      return ORDER_TEXTS.appealWithdrawn;
    case "resolve_release":
      return reason ? fillTemplate(ORDER_TEXTS.resolvedReleaseWithReason, { reason }) : ORDER_TEXTS.resolvedRelease;
    case "resolve_refund":
      return reason ? fillTemplate(ORDER_TEXTS.resolvedRefundWithReason, { reason }) : ORDER_TEXTS.resolvedRefund;
    case "expire_acceptance":
      return ORDER_TEXTS.acceptanceExpired;
    case "expire_payment":
      return ORDER_TEXTS.paymentExpired;
    case "expire_confirmation":
      return ORDER_TEXTS.confirmationExpired;
  }
}

/** The reason stored with an appeal the confirmation timer opened. */
export function confirmationTimeoutReason(minutes: number): string {
  return fillTemplate(minutes === 1 ? ORDER_TEXTS.confirmationTimeoutReasonOne : ORDER_TEXTS.confirmationTimeoutReason, { minutes });
}
