import { transact } from "../db/transact.js";
import type { Db } from "../db/client.js";
import { appeals } from "../db/schema.js";
import { tryTransition } from "./apply-transition.js";
import { confirmationTimeoutReason } from "./notices.js";
import type { OrderRow } from "./order-actors.js";
import type { ExpiryAction, OrderWindows } from "./order-windows.js";

const CLOSE_REASON: Record<ExpiryAction, string | null> = {
  expire_acceptance: "acceptance window expired",
  expire_payment: "payment window expired",
  expire_confirmation: null,
};

/**
 * A window ran out (run by the job runner). The compare-and-set includes the deadline, so a timer
 * that fires late, twice, or after the order moved on (or after its window was renewed) does nothing.
 */
export async function expireOrder(options: { db: Db; orderId: string; action: ExpiryAction; windows: OrderWindows }): Promise<OrderRow | null> {
  const { db, orderId, action, windows } = options;
  const closeReason = CLOSE_REASON[action];
  return transact(db, async (tx) => {
    const order = await tryTransition(tx, {
      orderId,
      action,
      actor: { kind: "system" },
      windows,
      set: closeReason ? { close_reason: { value: closeReason } } : {},
    });
    if (order && action === "expire_confirmation") {
      const minutes = Math.round(windows.confirmationSeconds / 60);
      await tx.insert(appeals).values({ orderId, openedBy: null, reason: confirmationTimeoutReason(minutes) });
    }
    return order;
  });
}
