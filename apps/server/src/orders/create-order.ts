import type { z } from "zod";
import { STATUS_STEP, type createOrderRequest, ORDER_TEXTS, displayNaira, fillTemplate, parseCoin, parseNaira } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { lockEscrow } from "../ledger/escrow.js";
import { isPipelined, Params, prepared, runPrepared } from "../db/prepared-query.js";
import { transact } from "../db/transact.js";
import { findOfferForTrade, offerStillSql, type TradeOffer } from "../offers/find-offer.js";
import { forgetTradeOffer, rememberedTradeOffer, rememberTradeOffer } from "../offers/trade-offer-cache.js";
import { lockSellableBalance, notSellable, sellableCoinsText } from "../offers/sellable-coins.js";
import { orders } from "../db/schema.js";
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
type OfferRow = TradeOffer["offer"];

/**
 * An order against a chosen merchant's online offer (/trade-merchants). The price is the one the
 * trader saw (a changed offer is refused with its new terms) and never changes; an order the
 * merchant cannot cover from what their offer still has available is refused now, not at
 * acceptance; a seller-creator's coins go into escrow in the same transaction, and the
 * merchant's acceptance window starts.
 */
export async function createOrder(options: PlaceOptions & { db: Db | Tx }): Promise<PresentableOrder> {
  const { db, caller, input } = options;
  if (caller.role === "admin") throw new AppError("FORBIDDEN", ORDER_TEXTS.adminsCannotTrade);
  if (input.merchant_id === caller.id) throw new AppError("SELF_TRADE", ORDER_TEXTS.ownOffer);
  return transact(db, async (tx) => {
    // The offer as this process last read it is tried first, checked by the insert itself: one
    // round trip fewer. Changed since, it is read afresh and the order decided again.
    const remembered = rememberedTradeOffer(input.merchant_id, input.coin);
    if (remembered) {
      const order = await placeOrder(tx, options, remembered, true);
      if (order) return order;
      forgetTradeOffer(input.merchant_id, input.coin);
    }
    // When the merchant sells, reading their offer also locks their balance of the coin: orders
    // racing for their last coins are decided one after the other, and the insert's own snapshot,
    // taken after the lock, counts them.
    const found = await findOfferForTrade(tx, input.merchant_id, input.coin, input.side === "buy");
    // The offer's row says whether its coin is listed; only without one is the coin looked up, so
    // an unknown or unlisted coin is still refused as such before the offer is.
    if (!found?.coinListed) await requireListedCoin(tx, input.coin);
    if (!found?.live) throw new AppError("OFFER_UNAVAILABLE", fillTemplate(ORDER_TEXTS.merchantNotTrading, { coin: input.coin }));
    rememberTradeOffer(found);
    return (await placeOrder(tx, options, found, false))!;
  });
}

type PlaceOptions = { caller: Caller; input: Input; windows: OrderWindows };

/**
 * The order priced from `found`, with everything it leaves behind. From a `remembered` offer,
 * null when the offer is no longer exactly that (the insert checks it) or when it would refuse
 * the order: both are decided again on the offer as it is now.
 */
async function placeOrder(
  tx: Tx,
  { caller, input, windows }: PlaceOptions,
  found: TradeOffer,
  remembered: boolean,
): Promise<PresentableOrder | null> {
  const merchantSells = input.side === "buy";
  const { offer } = found;
  const price = input.side === "buy" ? offer.sellPrice : offer.buyPrice;
  let amounts: ReturnType<typeof orderAmounts>;
  try {
    requireAgreedTerms(offer, price, input);
    amounts = orderAmounts(price, input);
    checkLimits(amounts.nairaAmount, offer);
  } catch (err) {
    if (remembered && err instanceof AppError) return null;
    throw err;
  }
  const fee = orderFee(amounts.coinAmount, found.feeBps, found.merchantFeeFree);
  const payment = merchantSells ? { bank_name: offer.bankName, account_number: offer.accountNumber, account_name: offer.accountName } : input.payout!;
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
    ...(remembered ? ["(select offer_current from v)"] : []),
    ...(proof ? [sessionLiveSql(params, proof, value.creatorId, caller.role)] : []),
    ...(merchantSells ? [`(select sellable from s) >= ${value.coinAmount}::numeric + ${value.feeAmount}::numeric`] : []),
  ];
  const seen = proof ? `${sessionSeenWrite(params, proof)}, ` : "";
  // Whether a remembered offer is still the one read, and what the merchant can still sell: read
  // once each and answered even when the order is refused.
  const current = remembered ? `v as (select ${offerStillSql(found, (v) => params.add(v))} as offer_current), ` : "";
  const sellable = merchantSells ? `s as (select ${sellableCoinsText(value.merchantId, value.coin)} as sellable), ` : "";
  const answered = [...(remembered ? ["v"] : []), ...(merchantSells ? ["s"] : [])];
  // The order, its acceptance timer, its chat message, notices and audit row: one statement.
  const statement = prepared(`
      with ${seen}${current}${sellable}o as (
        insert into ${ORDER_TARGET}
        select ${ORDER_COLUMNS.map((column) => value[column]).join(", ")}, case when ${lockNow}::boolean then now() end, ${deadlineText(window)}
        ${conditions.length ? `where ${conditions.join(" and ")}` : ""}
        returning *
      )${expiryJobWrite("pending")}${writes}
      select ${remembered ? "v.offer_current, " : ""}${merchantSells ? "s.sellable::text as sellable, " : ""}o.*, ${WRITTEN} as written, ${readForColumn(viewer)}
      from ${answered.length ? `${answered.join(" cross join ")} left join o on true` : "o"}`);
  // A merchant's balance was locked by the offer's read (findOfferForTrade); a remembered offer
  // was not read, so the lock goes just ahead of the insert, which starts once it is granted.
  const lock = remembered && merchantSells ? lockSellableBalance(tx, offer.merchantId, input.coin) : null;
  if (lock && !isPipelined(tx)) await lock;
  type Row = RawOrderRow & { offer_current?: boolean; sellable?: string; written: WrittenRow[]; read_for: RelatedRow[] };
  const [[raw]] = await Promise.all([runPrepared<Row>(tx, statement, params.values), lock]);
  if (!raw?.id) {
    if (raw?.offer_current === false) return null;
    const left = raw?.sellable === undefined ? null : parseCoin(raw.sellable);
    if (left !== null && parseCoin(terms.coinAmount) + parseCoin(terms.feeAmount) > left) throw notSellable(left, terms.coin, "newOrder");
    throw new SessionUnproven();
  }
  if (proof) proof.proven = true;
  const order: PresentableOrder = { ...fromRawOrder(raw), readFor: { viewerId: caller.id, rows: raw.read_for } };
  if (lockedAtCreation(order.side)) {
    await lockEscrow(tx, { ...order, sellerId: caller.id }, caller.id);
  }
  await publishOrderEvent(tx, order, "create", raw.written, {});
  return order;
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
