import { sql } from "drizzle-orm";
import { AppError } from "../http/errors.js";
import { findLiveOffer } from "../offers/find-offer.js";
import { findOrder } from "./load-order.js";
import type { OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * A merchant accepts: pending → matched, the seller's coins are locked now if not yet, and the
 * payment window starts. For an open request the compare-and-set also claims it, so of many
 * merchants accepting at once exactly one wins and the rest get ORDER_ALREADY_TAKEN.
 */
export async function acceptOrder(options: OrderActionOptions): Promise<OrderRow> {
  const { db, caller, orderId } = options;
  if (caller.role !== "merchant") throw new AppError("FORBIDDEN", "Only merchants can accept orders.");
  const order = await findOrder(db, orderId);

  let claim = {};
  if (order?.isOpenRequest && order.creatorId !== caller.id) {
    const offer = await findLiveOffer(db, caller.id, order.coin);
    if (!offer) throw new AppError("FORBIDDEN", `Put your ${order.coin} offer online to accept ${order.coin} requests.`);
    claim = { offerId: sql`coalesce(offer_id, ${offer.id}::uuid)` };
    // When the merchant sells, the buyer pays naira into the account on the merchant's offer.
    if (order.side === "buy") {
      claim = {
        ...claim,
        paymentBankName: sql`coalesce(payment_bank_name, ${offer.bankName})`,
        paymentAccountNumber: sql`coalesce(payment_account_number, ${offer.accountNumber})`,
        paymentAccountName: sql`coalesce(payment_account_name, ${offer.accountName})`,
      };
    }
  }

  return runOrderAction({
    ...options,
    preloaded: order,
    action: "accept",
    set: {
      merchantId: caller.id,
      buyerId: sql`coalesce(buyer_id, ${caller.id}::uuid)`,
      sellerId: sql`coalesce(seller_id, ${caller.id}::uuid)`,
      ...claim,
    },
  });
}
