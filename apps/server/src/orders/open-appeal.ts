import { appeals } from "../db/schema.js";
import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/** The buyer or seller disputes an order in progress; an admin resolves it. */
export function openAppeal(options: OrderActionOptions & { reason: string }): Promise<OrderRow> {
  const { caller, reason } = options;
  return runOrderAction({
    ...options,
    action: "open_appeal",
    reason,
    set: { appellant_id: { value: caller.id } },
    after: async (tx, order) => {
      await tx.insert(appeals).values({ orderId: order.id, openedBy: caller.id, reason });
    },
  });
}
