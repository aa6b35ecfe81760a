import { sql } from "drizzle-orm";
import { coinActivity, COIN_ANALYTICS_WINDOW_HOURS, type Coin } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

type Row = {
  symbol: string;
  name: string;
  listed: boolean;
  fee_bps: number;
  best_buy_price: string | null;
  best_sell_price: string | null;
  online_merchants: number;
  trades: number;
  coin_volume: string;
  naira_volume: string;
  buys: number;
  sells: number;
  watched: boolean;
};

/**
 * The listed coins (/listed-coins, /price): the best live prices among online merchants, the last
 * 24 h of completed trades (each order once, from the creator's side) and its trend, and whether
 * the caller watches each coin.
 */
export async function listCoins(options: { db: Db; viewerId: string | null }): Promise<Coin[]> {
  const rows = await queryRows<Row>(
    options.db,
    sql`
    select c.symbol, c.name, c.listed, c.fee_bps,
      p.best_buy_price, p.best_sell_price, coalesce(p.merchants, 0)::int as online_merchants,
      coalesce(v.trades, 0)::int as trades,
      coalesce(v.coin_volume, 0)::numeric(28, 8)::text as coin_volume,
      coalesce(v.naira_volume, 0)::numeric(20, 2)::text as naira_volume,
      coalesce(v.buys, 0)::int as buys, coalesce(v.sells, 0)::int as sells,
      (w.user_id is not null) as watched
    from coins c
    left join (
      select o.coin, min(o.sell_price)::text as best_buy_price, max(o.buy_price)::text as best_sell_price, count(*) as merchants
      from offers o
      join users u on u.id = o.merchant_id
      join user_roles r on r.user_id = o.merchant_id
      where o.online and r.role = 'merchant' and u.suspended_at is null
      group by o.coin
    ) p on p.coin = c.symbol
    left join (
      select coin, count(*) as trades, sum(coin_amount) as coin_volume, sum(naira_amount) as naira_volume,
        count(*) filter (where side = 'buy') as buys, count(*) filter (where side = 'sell') as sells
      from orders
      where status = 'completed' and completed_at > now() - make_interval(hours => ${COIN_ANALYTICS_WINDOW_HOURS})
      group by coin
    ) v on v.coin = c.symbol
    left join coin_watches w on w.coin = c.symbol and w.user_id = ${options.viewerId}::uuid
    where c.listed
    order by c.sort_order, c.symbol`,
  );
  return rows.map((r) => {
    const activity = coinActivity(r.symbol, r.buys, r.sells);
    return {
      symbol: r.symbol,
      name: r.name,
      listed: r.listed,
      fee_bps: Number(r.fee_bps),
      best_buy_price: r.best_buy_price,
      best_sell_price: r.best_sell_price,
      online_merchants: r.online_merchants,
      volume_24h: { trades: r.trades, coin_amount: r.coin_volume, naira_amount: r.naira_volume },
      trend: activity.trend,
      buy_percent: activity.buy_percent,
      sell_percent: activity.sell_percent,
      watched: r.watched,
    };
  });
}
