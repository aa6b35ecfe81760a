import { sql } from "drizzle-orm";
import { COIN_ANALYTICS_WINDOW_HOURS, coinActivity, type CoinActivity } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

/**
 * Buys and sells per coin over the last 24 h of completed trades. Each order counts once, from
 * its creator's side, so the two halves of one trade never cancel out (DESIGN §3).
 */
export async function getCoinAnalytics(db: Db): Promise<CoinActivity[]> {
  const rows = await queryRows<{ crypto_type: string; buys: number; sells: number }>(
    db,
    sql`
      select th.crypto_type,
        count(*) filter (where th.transaction_type = 'buy')::int as buys,
        count(*) filter (where th.transaction_type = 'sell')::int as sells
      from transaction_history th
      left join orders o on o.id = th.order_id
      where th.status = 'completed'
        and th.completed_at > now() - make_interval(hours => ${COIN_ANALYTICS_WINDOW_HOURS})
        and (th.order_id is null or th.user_id = o.creator_id)
      group by th.crypto_type
      order by count(*) desc, th.crypto_type`,
  );
  return rows.map((r) => coinActivity(r.crypto_type, r.buys, r.sells));
}
