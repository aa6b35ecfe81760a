import type { OrderAction } from "@p2p/shared";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.js";
import type { orders } from "../db/schema.js";
import { transact } from "../ledger/transact.js";
import { transitionOrThrow } from "./apply-transition.js";
import { loadOrderForAction, roleLabel } from "./load-order.js";
import type { Caller, OrderRow } from "./order-actors.js";
import type { OrderWindows } from "./timers.js";

export type OrderActionOptions = {
  db: Db | Tx;
  caller: Caller;
  orderId: string;
  windows: OrderWindows;
};

/**
 * The shape of every person's order action: the guard (404/403), then one transaction holding the
 * compare-and-set transition and whatever the action adds (an appeal row, a resolution).
 */
export async function runOrderAction(
  options: OrderActionOptions & {
    action: OrderAction;
    set?: PgUpdateSetSource<typeof orders>;
    reason?: string;
    after?: (tx: Tx, order: OrderRow) => Promise<void>;
    /** The order as the action already read it by findOrder, if it did. */
    preloaded?: OrderRow | null;
  },
): Promise<OrderRow> {
  const { db, caller, orderId, action } = options;
  const before = await loadOrderForAction(db, orderId, caller, action, options.preloaded);
  return transact(db, async (tx) => {
    const order = await transitionOrThrow(tx, {
      orderId,
      action,
      actor: { kind: "person", caller },
      windows: options.windows,
      set: options.set,
      actorRole: roleLabel(before, caller),
      reason: options.reason,
    });
    await options.after?.(tx, order);
    return order;
  });
}
