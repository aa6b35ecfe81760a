import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTION_REFUSALS, mayEverTake, type OrderAction, type OrderActor, ORDER_TEXTS } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { isOpenToMerchant, relationsOf, type Caller, type OrderRow } from "./order-actors.js";

const uuid = z.string().uuid();

export const orderNotFound = () => new AppError("NOT_FOUND", ORDER_TEXTS.notFound);

/** Whether the id can name an order at all; a malformed one is answered like a missing order. */
export const isOrderId = (orderId: string) => uuid.safeParse(orderId).success;

/** The order by id, or 404 for a malformed id as for a missing one. */
export async function findOrder(db: Db | Tx, orderId: string): Promise<OrderRow | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The guard of every order action: 404 unless the caller is a participant, an admin or (for
 * accept) a merchant looking at an open request — never revealing another user's order — and 403
 * when no status would let this caller take the action. Whether the status allows it now is the
 * compare-and-set's job.
 */
export async function loadOrderForAction(
  db: Db | Tx,
  orderId: string,
  caller: Caller,
  action: OrderAction,
  /** The order as the caller already read it (findOrder), to spare a second read. */
  preloaded?: OrderRow | null,
): Promise<OrderRow> {
  const order = preloaded === undefined ? await findOrder(db, orderId) : preloaded;
  if (!order) throw orderNotFound();
  const relations: OrderActor[] = relationsOf(order, caller);
  if (action === "accept" && isOpenToMerchant(order, caller)) relations.push("merchant");
  if (relations.length === 0) throw orderNotFound();
  if (!mayEverTake(action, relations)) throw new AppError("FORBIDDEN", ACTION_REFUSALS[action]);
  return order;
}

/** How the caller is named in the order's chat when they act. */
export function roleLabel(order: OrderRow, caller: Caller): string {
  if (order.buyerId === caller.id) return "buyer";
  if (order.sellerId === caller.id) return "seller";
  if (order.merchantId === caller.id) return "merchant";
  if (caller.role === "admin") return "admin";
  return "trader";
}
