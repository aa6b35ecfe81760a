import { requireStepUp } from "../auth/step-up.js";
import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * The seller confirms the naira arrived: in_progress → completed in one transaction with the
 * escrow release to the buyer, both transaction_history rows and total_trades. A seller with
 * two-factor on gives a fresh code, checked in the same transaction after the compare-and-set
 * named them the seller: a wrong code rolls the release back, and outsiders still get 404.
 */
export function confirmPayment(options: OrderActionOptions & { twoFactorCode?: string; sessionSecret: string }): Promise<OrderRow> {
  const { twoFactorCode, sessionSecret, ...rest } = options;
  return runOrderAction({
    ...rest,
    action: "confirm_payment",
    after: (tx) => requireStepUp(tx, sessionSecret, rest.caller.id, twoFactorCode),
  });
}
