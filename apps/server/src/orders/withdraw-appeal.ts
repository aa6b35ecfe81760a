import { and, eq, isNull, sql } from "drizzle-orm";
import { appeals } from "../db/schema.js";
import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/** The person who appealed takes it back: disputed → in_progress, with a fresh confirmation window. */
export function withdrawAppeal(options: OrderActionOptions): Promise<OrderRow> {
  const { caller } = options;
  return runOrderAction({
    ...options,
    action: "withdraw_appeal",
    set: { appellant_id: { value: null } },
    after: async (tx, order) => {
      await tx
        .update(appeals)
        .set({ outcome: "withdrawn", resolvedBy: caller.id, resolvedAt: sql`now()` })
        .where(and(eq(appeals.orderId, order.id), isNull(appeals.resolvedAt)));
    },
  });
}
