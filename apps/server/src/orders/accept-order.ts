import { ORDER_TEXTS, fillTemplate } from "@p2p/shared";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { isMerchantFeeFree } from "../fees/order-fee.js";
import { findLiveOffer } from "../offers/find-offer.js";
import { requireSellable } from "../offers/sellable-coins.js";
import { tryTransition, type OrderSet } from "./apply-transition.js";
import { findOrder, isOrderId } from "./load-order.js";
import type { PresentableOrder } from "./present-order.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

/**
 * A merchant accepts: pending → matched, the seller's coins are locked now if not yet, and the
 * payment window starts. For an open request the compare-and-set also claims it, so of many
 * merchants accepting at once exactly one wins and the rest get ORDER_ALREADY_TAKEN.
 */
export async function acceptOrder(options: OrderActionOptions): Promise<PresentableOrder> {
  const { db, caller, orderId } = options;
  if (caller.role !== "merchant") throw new AppError("FORBIDDEN", ORDER_TEXTS.onlyMerchantsAccept);
  const take: OrderSet = { merchant_id: { value: caller.id }, buyer_id: { ifNull: caller.id }, seller_id: { ifNull: caller.id } };

  return transact(db, async (tx) => {
    // An order placed with this merchant (the usual case) moves by its compare-and-set alone.
    if (isOrderId(orderId)) {
      const actor = { kind: "person" as const, caller };
      const assigned = await tryTransition(tx, {
        orderId,
        action: "accept",
        actor,
        windows: options.windows,
        set: take,
        assignedOnly: true,
        presentTo: caller,
      });
      if (assigned) return assigned;
    }

    // An open request is claimed only with a live offer for its coin; anything else is explained.
    const order = await findOrder(tx, orderId);
    let claim: OrderSet = {};
    if (order?.isOpenRequest && order.creatorId !== caller.id) {
      const offer = await findLiveOffer(tx, caller.id, order.coin);
      if (!offer) throw new AppError("FORBIDDEN", fillTemplate(ORDER_TEXTS.offerOffline, { coin: order.coin }));
      claim = { offer_id: { ifNull: offer.id } };
      // The request's fee rate was fixed at its creation; a merchant in their free days claims it at 0.
      const waived = order.merchantId === null && (await isMerchantFeeFree(tx, caller.id));
      if (waived) claim = { ...claim, fee_amount: { value: "0" }, fee_waiver: { value: "new_merchant" } };
      // When the merchant sells, the coins (and fee) must not be ones their pending orders already
      // count on, and the buyer pays naira into the account on the merchant's offer.
      if (order.side === "buy") {
        // Only while unclaimed: a request already taken is answered as taken by the compare-and-set.
        if (order.merchantId === null && order.status === "pending") {
          await requireSellable(tx, caller.id, { ...order, feeAmount: waived ? "0" : order.feeAmount }, "acceptance");
        }
        claim = {
          ...claim,
          payment_bank_name: { ifNull: offer.bankName },
          payment_account_number: { ifNull: offer.accountNumber },
          payment_account_name: { ifNull: offer.accountName },
        };
      }
    }
    return runOrderAction({ ...options, db: tx, preloaded: order, action: "accept", set: { ...take, ...claim } });
  });
}
