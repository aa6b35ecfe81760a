import { requireStepUp, type CheckedStepUp } from "../auth/step-up.js";
import type { PresentableOrder } from "./present-order.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * The seller confirms the naira arrived: in_progress → completed in one transaction with the
 * escrow release to the buyer, both transaction_history rows and total_trades. A seller with
 * two-factor on gives a fresh code, counted by `checkStepUp` before and used up in the same
 * transaction after the compare-and-set named them the seller (whose statement also read whether
 * they have two-factor on): a wrong or missing code rolls the release back, and outsiders still
 * get 404.
 */
export function confirmPayment(options: OrderActionOptions & { stepUp: CheckedStepUp; sessionSecret: string }): Promise<PresentableOrder> {
  const { stepUp, sessionSecret, ...rest } = options;
  if (stepUp.userId !== rest.caller.id) throw new Error("confirmPayment: the step-up code was checked for another user");
  return runOrderAction({
    ...rest,
    action: "confirm_payment",
    readTwoFactor: true,
    after: (tx, order) => requireStepUp(tx, sessionSecret, stepUp, order.callerTwoFactorOn),
    afterKeepsPresentation: true,
  });
}
