import { sql, type SQL } from "drizzle-orm";
import { formatCoin, parseCoin, ORDER_TEXTS, fillTemplate } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { preparedOnce, sqlText } from "../db/prepared-query.js";
import { AppError } from "../http/errors.js";

/**
 * What a merchant can still sell of a coin through their offer: their available balance minus
 * the coins and fees of their pending orders in which they sell and whose escrow is not locked
 * yet (those lock at acceptance), never below zero (a withdrawal may have drained the balance behind them).
 * SQL over the merchant's id and the coin, so the offer list and order creation count alike.
 */
export function sellableCoinsSql(merchantId: SQL, coin: SQL): SQL {
  return sql`greatest(0,
    coalesce((select a.balance from ledger_accounts a where a.kind = 'available' and a.coin = ${coin} and a.user_id = ${merchantId}), 0)
    - coalesce((select sum(x.coin_amount + x.fee_amount) from orders x
        where x.merchant_id = ${merchantId} and x.seller_id = ${merchantId} and x.coin = ${coin}
          and x.status = 'pending' and x.escrow_locked_at is null), 0)
  )::numeric(28, 8)`;
}

/**
 * The merchant's sellable coins, with their balance row locked until the transaction ends: two
 * orders racing for the last coins (or an acceptance moving them to escrow) are decided one after
 * the other, and the second sees the first. Two statements: the sum must be read after the lock
 * is granted, not from the snapshot taken before waiting for it.
 */
export async function lockSellableCoins(tx: Tx, merchantId: string, coin: string): Promise<bigint> {
  await lockSellableBalance(tx, merchantId, coin);
  const [row] = await readSellable<{ sellable: string }>(tx, { merchantId, coin });
  return parseCoin(row!.sellable);
}

/** `sellableCoinsSql` as text over a statement's own parameters ($n), for statements built as text. */
export function sellableCoinsText(merchantParam: string, coinParam: string): string {
  const key = `${merchantParam} ${coinParam}`;
  let text = sellableTexts.get(key);
  if (!text) {
    text = sqlText(sellableCoinsSql(sql.raw(`${merchantParam}::uuid`), sql.raw(`${coinParam}::text`)));
    sellableTexts.set(key, text);
  }
  return text;
}
const sellableTexts = new Map<string, string>();

/*
 * Every order a merchant sells in reads them: built once, then prepared statements. Built by
 * Drizzle on each call they were planned afresh too, 0.3 ms of PostgreSQL's time an order.
 */
const merchant = sql`${sql.placeholder("merchantId")}::uuid`;
const coinOf = sql`${sql.placeholder("coin")}`;
/** The lock on a merchant's available balance of a coin, over the placeholders `merchantId` and `coin`: a statement of its own, or a CTE of the offer's read (find-offer.ts). */
export const sellableBalanceLock = sql`select 1 from ledger_accounts where kind = 'available' and coin = ${coinOf} and user_id = ${merchant} for update`;
const lockBalance = preparedOnce(sellableBalanceLock);
/** Locks a merchant's available balance of a coin until the transaction ends (see `lockSellableCoins`). */
export const lockSellableBalance = (tx: Tx, merchantId: string, coin: string) => lockBalance(tx, { merchantId, coin });
const readSellable = preparedOnce(sql`select ${sellableCoinsSql(merchant, coinOf)}::text as sellable`);

/** Why an order the merchant cannot cover is refused: to the trader placing it, or to the merchant taking it. */
const SHORT = {
  newOrder: { code: "AMOUNT_OUT_OF_RANGE", text: ORDER_TEXTS.notEnoughAvailable },
  acceptance: { code: "INSUFFICIENT_BALANCE", text: ORDER_TEXTS.notEnoughToAccept },
} as const;

/**
 * A merchant who sells must still have the order's coins and its fee after what their other
 * pending orders count on; otherwise refused, with the sellable amount, before anything is written.
 */
export async function requireSellable(
  tx: Tx,
  merchantId: string,
  order: { coin: string; coinAmount: string; feeAmount: string },
  when: keyof typeof SHORT,
): Promise<void> {
  const sellable = await lockSellableCoins(tx, merchantId, order.coin);
  if (parseCoin(order.coinAmount) + parseCoin(order.feeAmount) <= sellable) return;
  throw notSellable(sellable, order.coin, when);
}

/** The refusal of an order the merchant cannot cover, naming what they can still sell. */
export function notSellable(sellable: bigint, coin: string, when: keyof typeof SHORT): AppError {
  return new AppError(SHORT[when].code, fillTemplate(SHORT[when].text, { amount: formatCoin(sellable), coin }));
}
