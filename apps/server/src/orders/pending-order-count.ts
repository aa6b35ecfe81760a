import { and, count, eq } from "drizzle-orm";
import type { Role } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { orders } from "../db/schema.js";

/** The pending orders of spec §6 (a merchant's by merchant_id, anyone else's by creator_id): the dashboard tile and the orders badge. */
export async function pendingOrderCount(db: Db | Tx, user: { id: string; role: Role }): Promise<number> {
  const owner = user.role === "merchant" ? eq(orders.merchantId, user.id) : eq(orders.creatorId, user.id);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(owner, eq(orders.isActive, true), eq(orders.status, "pending")));
  return Number(row?.n ?? 0);
}
