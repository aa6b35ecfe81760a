import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { adminListOrdersQuery, listOrdersQuery, Order } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { orders } from "../db/schema.js";
import type { Caller } from "./order-actors.js";
import { presentOrders } from "./present-order.js";

export type OrderPage = { page: number; page_size: number; total: number; orders: Order[] };

/**
 * The caller's orders, newest first: those they created (`role=creator`, /order), those they took
 * as merchant (`role=merchant`, /merchant-orders), or both.
 */
export async function listOrders(options: { db: Db; caller: Caller; query: z.output<typeof listOrdersQuery> }): Promise<OrderPage> {
  const { db, caller, query } = options;
  const mine =
    query.role === "creator"
      ? eq(orders.creatorId, caller.id)
      : query.role === "merchant"
        ? eq(orders.merchantId, caller.id)
        : or(eq(orders.creatorId, caller.id), eq(orders.merchantId, caller.id));
  const filters: (SQL | undefined)[] = [mine];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.coin) filters.push(eq(orders.coin, query.coin));
  if (query.side === "buy") filters.push(eq(orders.buyerId, caller.id));
  if (query.side === "sell") filters.push(eq(orders.sellerId, caller.id));
  if (query.active !== undefined) filters.push(eq(orders.isActive, query.active));
  return page(db, and(...filters), query, caller);
}

/** Every order for the admin panel (e.g. the disputed ones on /appeals). */
export async function listAllOrders(options: { db: Db; caller: Caller; query: z.output<typeof adminListOrdersQuery> }): Promise<OrderPage> {
  const { db, caller, query } = options;
  return page(db, query.status ? eq(orders.status, query.status) : undefined, query, caller);
}

async function page(db: Db, where: SQL | undefined, query: { page: number; page_size: number }, caller: Caller): Promise<OrderPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { page: query.page, page_size: query.page_size, total: total!.n, orders: await presentOrders(db, rows, caller) };
}
