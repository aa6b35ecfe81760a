import type { z } from "zod";
import { STATUS_STEP, type createOrderRequest, ORDER_TEXTS, displayNaira, fillTemplate, parseCoin, parseNaira } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/escrow.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { transact } from "../db/transact.js";
import { findOfferForTrade } from "../offers/find-offer.js";
import { notSellable, sellableCoinsText } from "../offers/sellable-coins.js";
import { orders, type offers } from "../db/schema.js";
import { insertTarget } from "../db/sql-names.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { orderFee } from "../fees/order-fee.js";
import { chatNotice } from "./notices.js";
import { expiryJobWrite, orderEventWrites, publishOrderEvent, WRITTEN, type WrittenRow } from "./record-order-event.js";
import { checkLimits, orderAmounts } from "./order-amounts.js";
import { lockedAtCreation, type Caller } from "./order-actors.js";
import { readForColumn, type PresentableOrder, type RelatedRow } from "./present-order.js";
import { fromRawOrder, type RawOrderRow } from "./order-row.js";
import { deadlineText, type OrderWindows } from "./order-windows.js";
import { pendingProof, sessionLiveSql, sessionSeenWrite, SessionUnproven } from "../auth/session-proof.js";

type Input = z.output<typeof createOrderRequest>;
type OfferRow = typeof offers.$inferSelect;

/**
 * An order against a chosen merchant's online offer (/trade-merchants). The price is the one the
 * trader saw (a changed offer is refused with its new terms) and never changes; an order the
 * merchant cannot cover from what their offer still has available is refused now, not at
 * acceptance; a seller-creator's coins go into escrow in the same transaction, and the
 * merchant's acceptance window starts.
 */
export async function createOrder(options: { db: Db | Tx; caller: Caller; input: Input; windows: OrderWindows }): Promise<PresentableOrder> {
  const { db, caller, input, windows } = options;
  if (caller.role === "admin") throw new AppError("FORBIDDEN", ORDER_TEXTS.adminsCannotTrade);
  if (input.merchant_id === caller.id) throw new AppError("SELF_TRADE", ORDER_TEXTS.ownOffer);
  const merchantSells = input.side === "buy";
  return transact(db, async (tx) => {
    // When the merchant sells, reading their offer also locks their balance of the coin: orders
    // racing for their last coins are decided one after the other, and the insert's own snapshot,
    // taken after the lock, counts them.
    const found = await findOfferForTrade(tx, input.merchant_id, input.coin, merchantSells);
    // The offer's row says whether its coin is listed; only without one is the coin looked up, so
    // an unknown or unlisted coin is still refused as such before the offer is.
    if (!found?.coinListed) await requireListedCoin(tx, input.coin);
    if (!found?.live) throw new AppError("OFFER_UNAVAILABLE", fillTemplate(ORDER_TEXTS.merchantNotTrading, { coin: input.coin }));
    const { offer } = found;

    const price = input.side === "buy" ? offer.sellPrice : offer.buyPrice;
    requireAgreedTerms(offer, price, input);
    const amounts = orderAmounts(price, input);
    checkLimits(amounts.nairaAmount, offer);
    const fee = orderFee(amounts.coinAmount, found.feeBps, found.merchantFeeFree);
    const payment = merchantSells
      ? { bank_name: offer.bankName, account_number: offer.accountNumber, account_name: offer.accountName }
      : input.payout!;
    const terms = { coin: input.coin, side: input.side, price, ...amounts, ...fee };

    const params = new Params();
    const value = {
      creatorId: params.add(caller.id),
      merchantId: params.add(offer.merchantId),
      buyerId: params.add(merchantSells ? caller.id : offer.merchantId),
      sellerId: params.add(merchantSells ? offer.merchantId : caller.id),
      coin: params.add(terms.coin),
      side: params.add(terms.side),
      price: params.add(terms.price),
      coinAmount: params.add(terms.coinAmount),
      nairaAmount: params.add(terms.nairaAmount),
      feeBps: params.add(terms.feeBps),
      feeAmount: params.add(terms.feeAmount),
      feeWaiver: params.add(terms.feeWaiver),
      offerId: params.add(offer.id),
      paymentBankName: params.add(payment.bank_name),
      paymentAccountNumber: params.add(payment.account_number),
      paymentAccountName: params.add(payment.account_name),
    } satisfies Partial<Record<OrderColumn, string>>;
    const lockNow = params.add(lockedAtCreation(input.side));
    const window = params.add(windows.acceptanceSeconds);
    const content = chatNotice("create", { order: { ...terms, currentStep: STATUS_STEP.pending! } });
    const writes = orderEventWrites(params, { status: "pending", action: "create", actorId: caller.id, content });
    const viewer = params.add(caller.id);
    // A caller taken on their token's word places the order only if their session is still live.
    const proof = pendingProof(caller);
    const conditions = [
      ...(proof ? [sessionLiveSql(params, proof, value.creatorId, caller.role)] : []),
      ...(merchantSells ? [`(select sellable from s) >= ${value.coinAmount}::numeric + ${value.feeAmount}::numeric`] : []),
    ];
    const seen = proof ? `${sessionSeenWrite(params, proof)}, ` : "";
    // What the merchant can still sell, read once and answered even when the order is refused.
    const sellable = merchantSells ? `s as (select ${sellableCoinsText(value.merchantId, value.coin)} as sellable), ` : "";
    // The order, its acceptance timer, its chat message, notices and audit row: one statement.
    const statement = prepared(`
      with ${seen}${sellable}o as (
        insert into ${ORDER_TARGET}
        select ${ORDER_COLUMNS.map((column) => value[column]).join(", ")}, case when ${lockNow}::boolean then now() end, ${deadlineText(window)}
        ${conditions.length ? `where ${conditions.join(" and ")}` : ""}
        returning *
      )${expiryJobWrite("pending")}${writes}
      select ${merchantSells ? "s.sellable::text as sellable, " : ""}o.*, ${WRITTEN} as written, ${readForColumn(viewer)}
      from ${merchantSells ? "s left join o on true" : "o"}`);
    const [raw] = await runPrepared<RawOrderRow & { sellable?: string; written: WrittenRow[]; read_for: RelatedRow[] }>(tx, statement, params.values);
    if (!raw?.id) {
      const left = raw?.sellable === undefined ? null : parseCoin(raw.sellable);
      if (left !== null && parseCoin(terms.coinAmount) + parseCoin(terms.feeAmount) > left) throw notSellable(left, terms.coin, "newOrder");
      throw new SessionUnproven();
    }
    if (proof) proof.proven = true;
    const order: PresentableOrder = { ...fromRawOrder(raw), readFor: { viewerId: caller.id, rows: raw.read_for } };
    if (lockedAtCreation(order.side)) {
      await lockEscrow(tx, { ...order, sellerId: caller.id }, caller.id);
    }
    await publishOrderEvent(tx, order, "create", raw!.written, {});
    return order;
  });
}

/** The columns written from the request, in order; the escrow lock time and the acceptance deadline follow. */
const ORDER_COLUMNS = [
  "creatorId",
  "merchantId",
  "buyerId",
  "sellerId",
  "coin",
  "side",
  "price",
  "coinAmount",
  "nairaAmount",
  "feeBps",
  "feeAmount",
  "feeWaiver",
  "offerId",
  "paymentBankName",
  "paymentAccountNumber",
  "paymentAccountName",
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
const ORDER_TARGET = insertTarget(orders, [...ORDER_COLUMNS, "escrowLockedAt", "acceptBy"]);

/** The trader's terms, when sent, must still be the offer's: otherwise 409 with the new ones, and nothing is written. */
function requireAgreedTerms(offer: OfferRow, price: string, input: Input): void {
  if (input.price === undefined || input.offer_version === undefined) return;
  if (input.offer_version === offer.version && parseNaira(input.price) === parseNaira(price)) return;
  throw new AppError("OFFER_CHANGED", fillTemplate(ORDER_TEXTS.offerChanged, { price: displayNaira(parseNaira(price)), coin: offer.coin }), {
    price,
    offer_version: String(offer.version),
    min_order: offer.minOrder,
    max_order: offer.maxOrder,
  });
}
