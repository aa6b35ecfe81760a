import { sql } from "drizzle-orm";
import type { MarketOffer, TradeSide } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { completionRecords } from "../orders/completion-records.js";
import { merchantFeeFreeSql } from "../fees/order-fee.js";
import { sellableCoinsSql } from "./sellable-coins.js";

type Row = {
  merchant_id: string;
  username: string;
  reputation_score: string;
  total_trades: number;
  price: string;
  min_order: string;
  max_order: string;
  bank_name: string;
  terms: string;
  version: number;
  available: string | null;
  fee_bps: number;
  updated_at: string;
};

/**
 * Online merchants' offers for a coin as a trader on /trade-merchants sees them: the price the
 * trader would get on their side, best first, with each merchant's record (completion-records.ts).
 * A merchant who sells shows what they can still sell (`available`: their sellable coins less the
 * fee they would lock with them), each merchant the fee rate an order now would carry (0 in their
 * first 30 days), and an offer whose coins cannot fill its own minimum order is not listed.
 */
export async function listOffers(options: { db: Db; coin: string; side: TradeSide; viewerId: string | null }): Promise<MarketOffer[]> {
  const { db, coin, side, viewerId } = options;
  // A buyer pays the merchant's sell price (cheapest first); a seller gets the buy price (highest first).
  const price = side === "buy" ? sql`o.sell_price` : sql`o.buy_price`;
  const order = side === "buy" ? sql`o.sell_price asc` : sql`o.buy_price desc`;
  const available = side === "buy" ? sellableCoinsSql(sql`o.merchant_id`, sql`o.coin`) : sql`null::numeric`;
  const rows = await queryRows<Row>(
    db,
    sql`
    select o.merchant_id, p.username, p.reputation_score::text, p.total_trades,
      ${price}::text as price, o.min_order::text, o.max_order::text,
      o.bank_name, o.terms, o.version, f.available::text, r.fee_bps, to_json(o.updated_at) #>> '{}' as updated_at
    from offers o
    join coins c on c.symbol = o.coin and c.listed
    join users u on u.id = o.merchant_id and u.suspended_at is null
    join user_roles on user_roles.user_id = o.merchant_id and user_roles.role = 'merchant'
    join profiles p on p.id = o.merchant_id
    cross join lateral (select case when ${merchantFeeFreeSql} then 0 else c.fee_bps end as fee_bps) r
    -- What a buyer can still buy: the sellable coins less the fee the merchant must lock with them, rounded down.
    cross join lateral (select trunc(${available} * 10000 / (10000 + r.fee_bps), 8) as available) f
    where o.coin = ${coin} and o.online and o.merchant_id is distinct from ${viewerId}::uuid
      and (f.available is null or f.available * o.sell_price >= o.min_order)
    order by ${order}, p.reputation_score desc, p.total_trades desc`,
  );
  const records = await completionRecords(
    db,
    rows.map((r) => r.merchant_id),
  );
  return rows.map((r) => ({
    merchant_id: r.merchant_id,
    username: r.username,
    reputation_score: r.reputation_score,
    total_trades: r.total_trades,
    completion_rate: records.get(r.merchant_id)!.rate,
    completion_orders: records.get(r.merchant_id)!.orders,
    coin,
    side,
    price: r.price,
    min_order: r.min_order,
    max_order: r.max_order,
    bank_name: r.bank_name,
    terms: r.terms,
    offer_version: r.version,
    available: r.available,
    fee_bps: Number(r.fee_bps),
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}
