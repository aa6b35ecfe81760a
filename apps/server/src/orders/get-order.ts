import type { Order } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { liveOfferCoins } from "../offers/find-offer.js";
import { findOrder, orderNotFound } from "./load-order.js";
import { isOpenToMerchant, isParticipant, type Caller } from "./order-actors.js";
import { presentOrder } from "./present-order.js";

/**
 * One order for its participants and admins, and for merchants who may take it while it is an
 * open, unassigned request. Anyone else gets 404, as for an order that does not exist.
 */
export async function getOrder(options: { db: Db; caller: Caller; orderId: string }): Promise<Order> {
  const { db, caller, orderId } = options;
  const row = await findOrder(db, orderId);
  if (!row) throw orderNotFound();
  const visible =
    isParticipant(row, caller.id) ||
    caller.role === "admin" ||
    (row.status === "pending" &&
      row.merchantId === null &&
      isOpenToMerchant(row, caller) &&
      (await liveOfferCoins(db, caller.id)).includes(row.coin));
  if (!visible) throw orderNotFound();
  return presentOrder(db, row, caller);
}
