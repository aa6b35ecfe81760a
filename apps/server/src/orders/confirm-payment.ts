import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * The seller confirms the naira arrived: in_progress → completed in one transaction with the
 * escrow release to the buyer, both transaction_history rows and total_trades.
 */
export function confirmPayment(options: OrderActionOptions): Promise<OrderRow> {
  return runOrderAction({ ...options, action: "confirm_payment" });
}
