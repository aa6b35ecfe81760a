import { and, eq, fillPlaceholders, getTableColumns, isNull, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.js";
import { preparedOnce } from "../db/prepared-query.js";
import { tableRow } from "../db/sql-names.js";
import { coins, offers, userRoles, users } from "../db/schema.js";
import { merchantFeeFreeSql } from "../fees/order-fee.js";
import { sellableBalanceLock, sellableCoinsSql } from "./sellable-coins.js";

/** The merchant is still a merchant, not suspended, and has switched the offer online. */
export const offerIsLive = and(eq(offers.online, true), eq(userRoles.role, "merchant"), isNull(users.suspendedAt));

/**
 * A merchant's offer for a coin with what decides whether it can be traded against now, and the
 * fee an order would carry. With `lockSellable` (an order in which the merchant sells) the same
 * statement locks their available balance of the coin until the transaction ends, when there is
 * an offer: see `lockSellableCoins`.
 */
export async function findOfferForTrade(db: Db | Tx, merchantId: string, coin: string, lockSellable = false) {
  const [raw] = await (lockSellable ? findForTradeLocking : findForTrade)<
    Record<string, unknown> & { coin_listed: boolean; live: boolean; fee_bps: number; merchant_fee_free: boolean }
  >(db, { merchantId, coin });
  if (!raw) return null;
  return { offer: tableRow(offers, raw), coinListed: raw.coin_listed, live: raw.live, feeBps: raw.fee_bps, merchantFeeFree: raw.merchant_fee_free };
}

export type TradeOffer = NonNullable<Awaited<ReturnType<typeof findOfferForTrade>>>;

/** Every order's creation reads it: built by Drizzle once, then a prepared statement (building it took 90 µs a call). */
const forTrade = new QueryBuilder()
  .select({
    ...getTableColumns(offers),
    coinListed: sql<boolean>`${coins.listed}`.as("coin_listed"),
    live: sql<boolean>`coalesce(${offerIsLive}, false)`.as("live"),
    feeBps: sql<number>`${coins.feeBps}`.as("fee_bps"),
    merchantFeeFree: sql<boolean>`${merchantFeeFreeSql}`.as("merchant_fee_free"),
  })
  .from(offers)
  .innerJoin(coins, eq(coins.symbol, offers.coin))
  .innerJoin(users, eq(users.id, offers.merchantId))
  .leftJoin(userRoles, eq(userRoles.userId, offers.merchantId))
  .where(and(eq(offers.merchantId, sql.placeholder("merchantId")), eq(offers.coin, sql.placeholder("coin"))));
const forTradeBuilt = forTrade.toSQL();
const findForTrade = preparedOnce(forTradeBuilt);
// The lock's CTE runs when the offer's row reads it: a row-locking CTE nothing reads is never run.
const findForTradeLocking = preparedOnce(
  sql`with locked as (${sellableBalanceLock}) select f.*, (select count(*) from locked) as locked from (${forTrade}) f`,
);

/**
 * SQL that holds when the offer an order was priced from is still exactly what it read, and
 * still tradable: the same offer at the same version (every term a trader agrees to moves it on),
 * online, its merchant a merchant and not suspended, its coin listed at the same fee rate, the
 * merchant's free days as they were. The offer's read is the same text, its values the
 * statement's own parameters (`param` adds one and names it, $n).
 */
export function offerStillSql(found: TradeOffer, param: (value: unknown) => string): string {
  const { offer } = found;
  const values = fillPlaceholders(forTradeBuilt.params, { merchantId: offer.merchantId, coin: offer.coin });
  const read = forTradeBuilt.sql.replace(/\$(\d+)/g, (_, n: string) => param(values[Number(n) - 1]));
  return `exists (select 1 from (${read}) f
    where f.id = ${param(offer.id)}::uuid and f.version = ${param(offer.version)}::int and f.live and f.coin_listed
      and f.fee_bps = ${param(found.feeBps)}::int and f.merchant_fee_free = ${param(found.merchantFeeFree)}::boolean)`;
}

/**
 * The best live price for a trader's side: the lowest sell price to buy, the highest buy price to
 * sell. A sell offer whose coins cannot fill its own minimum does not count (the offer list hides it too).
 */
export async function bestLivePrice(db: Db | Tx, coin: string, side: "buy" | "sell", exceptMerchantId: string): Promise<string | null> {
  const price = side === "buy" ? sql<string | null>`min(${offers.sellPrice})` : sql<string | null>`max(${offers.buyPrice})`;
  const funded =
    side === "buy" ? sql`${sellableCoinsSql(sql`${offers.merchantId}`, sql`${offers.coin}`)} * ${offers.sellPrice} >= ${offers.minOrder}` : sql`true`;
  const [row] = await db
    .select({ price })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.merchantId))
    .innerJoin(userRoles, eq(userRoles.userId, offers.merchantId))
    .where(and(eq(offers.coin, coin), offerIsLive, sql`${offers.merchantId} <> ${exceptMerchantId}`, funded));
  return row?.price ?? null;
}

/** The coins a merchant has a live offer for: the open requests they may see and accept. */
export async function liveOfferCoins(db: Db | Tx, merchantId: string): Promise<string[]> {
  const rows = await db
    .select({ coin: offers.coin })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.merchantId))
    .innerJoin(userRoles, eq(userRoles.userId, offers.merchantId))
    .where(and(eq(offers.merchantId, merchantId), offerIsLive));
  return rows.map((r) => r.coin);
}

/** The merchant's live offer for a coin, or null: what lets them take open requests for it. */
export async function findLiveOffer(db: Db | Tx, merchantId: string, coin: string) {
  const [row] = await db
    .select({ offer: offers })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.merchantId))
    .innerJoin(userRoles, eq(userRoles.userId, offers.merchantId))
    .where(and(eq(offers.merchantId, merchantId), eq(offers.coin, coin), offerIsLive));
  return row?.offer ?? null;
}
