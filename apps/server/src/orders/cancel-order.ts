import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * Cancels while pending (creator or merchant) or matched (buyer only: the seller may not walk
 * away once the buyer may be paying). Locked coins return to the seller in the same transaction.
 */
export function cancelOrder(options: OrderActionOptions & { reason?: string }): Promise<OrderRow> {
  return runOrderAction({
    ...options,
    action: "cancel",
    reason: options.reason,
    set: { close_reason: { value: options.reason ? `cancelled: ${options.reason}` : "cancelled" } },
  });
}
