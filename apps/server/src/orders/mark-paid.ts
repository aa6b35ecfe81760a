import type { PresentableOrder } from "./present-order.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/** The buyer says the naira was sent: matched → in_progress, and the confirmation window starts. */
export function markPaid(options: OrderActionOptions): Promise<PresentableOrder> {
  return runOrderAction({ ...options, action: "mark_paid", set: { paid_at: "now" } });
}
