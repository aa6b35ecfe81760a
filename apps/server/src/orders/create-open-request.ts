import { ORDER_TEXTS, fillTemplate } from "@p2p/shared";
import type { z } from "zod";
import type { createOpenRequestRequest } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { orders } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/escrow.js";
import { transact } from "../db/transact.js";
import { bestLivePrice } from "../offers/find-offer.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { recordOrderEvent, scheduleExpiry } from "./record-order-event.js";
import { notifyOpenRequestMerchants } from "./notify-open-request.js";
import { orderFee } from "../fees/order-fee.js";
import { orderAmounts } from "./order-amounts.js";
import { lockedAtCreation, type Caller, type OrderRow } from "./order-actors.js";
import { deadlineIn, type OrderWindows } from "./order-windows.js";

type Input = z.output<typeof createOpenRequestRequest>;

/**
 * An open request on /marketplace that any merchant with an online offer for the coin may take;
 * the first acceptance wins. The price is the one given, or else the best live offer's now. An
 * account posts at most OPEN_REQUESTS_PER_HOUR of them (each notifies every merchant of the coin).
 */
export async function createOpenRequest(options: {
  db: Db | Tx;
  config: Config;
  caller: Caller;
  input: Input;
  windows: OrderWindows;
}): Promise<OrderRow> {
  const { db, config, caller, input, windows } = options;
  if (caller.role === "admin") throw new AppError("FORBIDDEN", ORDER_TEXTS.adminsCannotTrade);
  const coin = await requireListedCoin(db, input.coin);
  const price = input.price ?? (await bestLivePrice(db, input.coin, input.side, caller.id));
  if (!price) {
    throw new AppError("OFFER_UNAVAILABLE", fillTemplate(ORDER_TEXTS.noMerchantForOpenRequest, { coin: input.coin }));
  }
  const amounts = orderAmounts(price, input);
  const creatorSells = input.side === "sell";

  return transact(db, async (tx) => {
    // Each request notifies every merchant of the coin: a bounded number an hour per account.
    await takeAccountQuota(tx, config, ACCOUNT_QUOTAS.openRequests, caller.id);
    const [order] = await tx
      .insert(orders)
      .values({
        creatorId: caller.id,
        merchantId: null,
        isOpenRequest: true,
        buyerId: creatorSells ? null : caller.id,
        sellerId: creatorSells ? caller.id : null,
        coin: input.coin,
        side: input.side,
        price,
        ...amounts,
        // The rate is fixed now; whether the merchant who claims it is in their free days is decided then.
        ...orderFee(amounts.coinAmount, coin.feeBps, false),
        paymentBankName: input.payout?.bank_name ?? null,
        paymentAccountNumber: input.payout?.account_number ?? null,
        paymentAccountName: input.payout?.account_name ?? null,
        escrowLockedAt: lockedAtCreation(input.side) ? new Date() : null,
        acceptBy: deadlineIn(windows.acceptanceSeconds),
      })
      .returning();
    if (lockedAtCreation(order!.side)) {
      await lockEscrow(tx, { ...order!, sellerId: caller.id }, caller.id);
    }
    await scheduleExpiry(tx, "expire_acceptance", order!.id, order!.acceptBy!);
    await recordOrderEvent(tx, order!, "create", caller.id, {});
    await notifyOpenRequestMerchants(tx, order!);
    return order!;
  });
}
