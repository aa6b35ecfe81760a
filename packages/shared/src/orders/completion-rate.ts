/*
 * Completion rate: of the orders a person finished, the share that completed, counting only the
 * failures they were answerable for (docs/TRADING.md "Completion rate"). Pure, so the server
 * applies the same rule to every screen that shows a rate (offers, order dialog, profile).
 */

/** The state-machine actions that end an order as cancelled. */
export const CANCELLING_ACTIONS = ["cancel", "expire_acceptance", "expire_payment", "resolve_refund"] as const;
export type CancellingAction = (typeof CANCELLING_ACTIONS)[number];

/** How a cancelled order ended: the action, the step it left, who took it, and which side the merchant was on. */
export type OrderEnding = {
  action: CancellingAction;
  /** current_step when it ended: 1 pending (the merchant's acceptance), 2 matched (the buyer's payment), 3 paid. */
  fromStep: number;
  /** Who took a `cancel`: a party of the order, or the system (an admin's suspension of an account). */
  by: "creator" | "merchant" | "system";
  merchantIsBuyer: boolean;
};

/** The party of an order answerable for its cancellation, or null when neither failed a step of theirs. */
export function answerableParty(ending: OrderEnding): "merchant" | "creator" | null {
  const buyer = ending.merchantIsBuyer ? "merchant" : "creator";
  switch (ending.action) {
    // Acceptance is the merchant's step: letting it run out is the merchant's failure.
    case "expire_acceptance":
      return "merchant";
    // Payment is the buyer's step, and an appeal refunded to the seller found the buyer's payment missing.
    case "expire_payment":
    case "resolve_refund":
      return buyer;
    case "cancel":
      if (ending.by === "system") return null;
      // Before acceptance: a merchant's refusal is theirs; a creator withdrawing a request nobody accepted harms no one.
      if (ending.fromStep <= 1) return ending.by === "merchant" ? "merchant" : null;
      // After acceptance only the buyer may cancel, walking away from their own payment step.
      return ending.by;
  }
}

export type CompletionRecord = {
  /** Percent with one decimal, or null before any order counts. */
  rate: number | null;
  /** The orders the rate is computed from: completed plus the answerable failures. */
  orders: number;
};

export function completionRate(counts: { completed: number; failed: number }): CompletionRecord {
  const orders = counts.completed + counts.failed;
  return { rate: orders === 0 ? null : Math.round((counts.completed / orders) * 1000) / 10, orders };
}
