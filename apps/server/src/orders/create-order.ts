import type { z } from "zod";
import type { createOrderRequest } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { orders } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/lock-escrow.js";
import { transact } from "../ledger/transact.js";
import { findOfferForTrade } from "../offers/find-offer.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { recordOrderEvent } from "./record-order-event.js";
import { checkLimits, orderAmounts } from "./order-amounts.js";
import { lockedAtCreation, type Caller, type OrderRow } from "./order-actors.js";
import { deadlineIn, scheduleExpiry, type OrderWindows } from "./timers.js";

type Input = z.output<typeof createOrderRequest>;

/**
 * An order against a chosen merchant's online offer (/trade-merchants). The price is the offer's
 * now and never changes; a seller-creator's coins go into escrow in the same transaction, and the
 * merchant's acceptance window starts.
 */
export async function createOrder(options: { db: Db | Tx; caller: Caller; input: Input; windows: OrderWindows }): Promise<OrderRow> {
  const { db, caller, input, windows } = options;
  if (caller.role === "admin") throw new AppError("FORBIDDEN", "Admins cannot trade.");
  if (input.merchant_id === caller.id) throw new AppError("SELF_TRADE", "You cannot trade with your own offer.");
  const found = await findOfferForTrade(db, input.merchant_id, input.coin);
  // The offer's row says whether its coin is listed; only without one is the coin looked up, so
  // an unknown or unlisted coin is still refused as such before the offer is.
  if (!found?.coinListed) await requireListedCoin(db, input.coin);
  if (!found?.live) throw new AppError("OFFER_UNAVAILABLE", `This merchant is not trading ${input.coin} right now.`);
  const { offer } = found;

  const price = input.side === "buy" ? offer.sellPrice : offer.buyPrice;
  const amounts = orderAmounts(price, input);
  checkLimits(amounts.nairaAmount, offer);
  const merchantSells = input.side === "buy";
  const payment = merchantSells
    ? { bank_name: offer.bankName, account_number: offer.accountNumber, account_name: offer.accountName }
    : input.payout!;

  return transact(db, async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        creatorId: caller.id,
        merchantId: offer.merchantId,
        buyerId: merchantSells ? caller.id : offer.merchantId,
        sellerId: merchantSells ? offer.merchantId : caller.id,
        coin: input.coin,
        side: input.side,
        price,
        ...amounts,
        offerId: offer.id,
        paymentBankName: payment.bank_name,
        paymentAccountNumber: payment.account_number,
        paymentAccountName: payment.account_name,
        escrowLockedAt: lockedAtCreation(input.side) ? new Date() : null,
        acceptBy: deadlineIn(windows.acceptanceSeconds),
      })
      .returning();
    if (lockedAtCreation(order!.side)) {
      await lockEscrow(tx, { id: order!.id, coin: order!.coin, coinAmount: order!.coinAmount, sellerId: caller.id, buyerId: order!.buyerId }, caller.id);
    }
    await scheduleExpiry(tx, "expire_acceptance", order!.id, order!.acceptBy!);
    await recordOrderEvent(tx, order!, "create", caller.id, {});
    return order!;
  });
}
