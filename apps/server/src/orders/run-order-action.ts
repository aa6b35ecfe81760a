import type { OrderAction } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { transact } from "../db/transact.js";
import { transitionConflict, tryTransition, type MovedOrder, type OrderSet } from "./apply-transition.js";
import { isOrderId, loadOrderForAction, orderNotFound } from "./load-order.js";
import type { Caller, OrderRow } from "./order-actors.js";
import type { PresentableOrder } from "./present-order.js";
import type { OrderWindows } from "./order-windows.js";

export type OrderActionOptions = {
  db: Db | Tx;
  caller: Caller;
  orderId: string;
  windows: OrderWindows;
};

/**
 * The shape of every person's order action, in one transaction: the compare-and-set transition
 * first (it names the caller's relation to the order, so nobody else's order ever moves), then
 * whatever the action adds (an appeal row, a resolution). Only when nothing moved is the order
 * read, to answer why: 404 unless the caller is a participant, an admin or (for accept) a merchant
 * looking at an open request, 403 when no status would let this caller act, else the conflict.
 */
export async function runOrderAction(
  options: OrderActionOptions & {
    action: OrderAction;
    set?: OrderSet;
    reason?: string;
    after?: (tx: Tx, order: MovedOrder) => Promise<void>;
    /** The move reads whether the caller has two-factor on, for `after`'s step-up. */
    readTwoFactor?: boolean;
    /** `after` changes nothing the answer shows (no appeal row), so the move's statement may read it for the caller. */
    afterKeepsPresentation?: boolean;
    /** The order as the action already read it by findOrder, if it did. */
    preloaded?: OrderRow | null;
  },
): Promise<PresentableOrder> {
  const { db, caller, orderId, action } = options;
  if (!isOrderId(orderId)) throw orderNotFound();
  const actor = { kind: "person" as const, caller };
  return transact(db, async (tx) => {
    const presentTo = !options.after || options.afterKeepsPresentation ? caller : undefined;
    const { windows, set, reason, readTwoFactor } = options;
    const order = await tryTransition(tx, { orderId, action, actor, windows, set, reason, presentTo, readTwoFactor });
    if (!order) {
      await loadOrderForAction(tx, orderId, caller, action, options.preloaded);
      throw await transitionConflict(tx, orderId, action, actor);
    }
    await options.after?.(tx, order);
    return order;
  });
}
