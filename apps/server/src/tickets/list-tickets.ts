import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { adminListTicketsQuery, listTicketsQuery, PaymentTicketPage } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { orders, paymentProofs, profiles } from "../db/schema.js";
import type { Caller } from "../orders/order-actors.js";
import { presentOrders } from "../orders/present-order.js";
import { selectPaymentProofs } from "../proofs/list-proofs.js";

type Page = { page: number; page_size: number };

/** Tickets for Trade (/tickets): proofs on the orders the merchant took, newest first. */
export function listMerchantTickets(options: { db: Db; caller: Caller; query: z.output<typeof listTicketsQuery> }): Promise<PaymentTicketPage> {
  const { db, caller, query } = options;
  return ticketPage(db, caller, and(eq(orders.merchantId, caller.id), query.status ? eq(orders.status, query.status) : undefined), query);
}

/** Tickets Management (/tickets-payment-view): every proof, by order status, coin, day and person. */
export function listAllTickets(options: { db: Db; caller: Caller; query: z.output<typeof adminListTicketsQuery> }): Promise<PaymentTicketPage> {
  const { db, caller, query } = options;
  const filters: (SQL | undefined)[] = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.coin ? eq(orders.coin, query.coin) : undefined,
    query.from ? gte(paymentProofs.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(paymentProofs.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
  ];
  if (query.user) {
    const pattern = `${query.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const named = db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`${profiles.username} ilike ${pattern}`);
    filters.push(or(inArray(orders.buyerId, named), inArray(orders.sellerId, named)));
  }
  return ticketPage(db, caller, and(...filters), query);
}

async function ticketPage(db: Db, caller: Caller, where: SQL | undefined, query: Page): Promise<PaymentTicketPage> {
  const [picked, [total]] = await Promise.all([
    db
      .select({ id: paymentProofs.id })
      .from(paymentProofs)
      .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
      .where(where)
      .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(paymentProofs).innerJoin(orders, eq(orders.id, paymentProofs.orderId)).where(where),
  ]);
  const ids = picked.map((p) => p.id);
  if (ids.length === 0) return { page: query.page, page_size: query.page_size, total: total!.n, tickets: [] };
  const proofs = await selectPaymentProofs(db, inArray(paymentProofs.id, ids));
  const orderRows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(proofs.map((p) => p.order_id))]));
  const presented = new Map((await presentOrders(db, orderRows, caller)).map((o) => [o.id, o]));
  const byId = new Map(proofs.map((p) => [p.id, p]));
  return {
    page: query.page,
    page_size: query.page_size,
    total: total!.n,
    tickets: ids.map((id) => byId.get(id)!).map((proof) => ({ proof, order: presented.get(proof.order_id)! })),
  };
}
