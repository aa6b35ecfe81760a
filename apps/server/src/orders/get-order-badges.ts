import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { orders } from "../db/schema.js";
import type { Caller } from "./order-actors.js";

/** The bottom bar's pending-order count and the merchant's active-order badge (spec §6). */
export async function getOrderBadges(options: { db: Db; caller: Caller }): Promise<{ pending: number; merchant_active: number }> {
  const { db, caller } = options;
  const isMerchant = caller.role === "merchant";
  const owner = isMerchant ? eq(orders.merchantId, caller.id) : eq(orders.creatorId, caller.id);
  const [[pending], [active]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(owner, eq(orders.isActive, true), eq(orders.status, "pending"))),
    isMerchant
      ? db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.merchantId, caller.id), eq(orders.isActive, true)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return { pending: pending!.n, merchant_active: active!.n };
}
