import { sql } from "drizzle-orm";
import { COIN_ANALYTICS_WINDOW_HOURS, type AdminCoinVolume, type AdminOverview } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

type Counts = Omit<AdminOverview, "volume_24h" | "generated_at"> & { generated_at: string };

/**
 * The admin panel's first screen: how many people, the queues waiting for an admin (appeals,
 * deposits, withdrawals) and each coin's completed volume over the last 24 h, counted once per
 * order, beside the fees it has earned. One snapshot per query; cheap on the indexes the queues already use.
 */
export async function getAdminOverview(options: { db: Db }): Promise<AdminOverview> {
  const { db } = options;
  const [[counts], volume] = await Promise.all([
    queryRows<Counts>(
      db,
      sql`
      select
        (select count(*) from users)::int as total_users,
        (select count(*) from users where created_at > now() - interval '24 hours')::int as new_users_24h,
        (select count(*) from user_roles where role = 'merchant')::int as merchants,
        (select count(distinct o.merchant_id) from offers o
           join user_roles r on r.user_id = o.merchant_id and r.role = 'merchant'
           join users u on u.id = o.merchant_id and u.suspended_at is null
         where o.online)::int as online_merchants,
        (select count(*) from orders where is_active)::int as open_orders,
        (select count(*) from appeals where resolved_at is null)::int as open_appeals,
        (select count(*) from deposits where status = 'pending')::int as pending_deposits,
        (select count(*) from withdrawals where status = 'pending')::int as pending_withdrawals,
        (select count(*) from merchant_applications where status = 'pending')::int as pending_merchant_applications,
        to_json(now()) #>> '{}' as generated_at`,
    ),
    queryRows<AdminCoinVolume>(
      db,
      sql`
      select c.symbol as coin, coalesce(v.trades, 0)::int as trades,
        coalesce(v.coin_amount, 0)::numeric(28, 8)::text as coin_amount,
        coalesce(v.naira_amount, 0)::numeric(20, 2)::text as naira_amount,
        coalesce(f.balance, 0)::numeric(28, 8)::text as fee_income
      from coins c
      left join ledger_accounts f on f.kind = 'fees' and f.coin = c.symbol
      left join (
        select coin, count(*) as trades, sum(coin_amount) as coin_amount, sum(naira_amount) as naira_amount
        from orders
        where status = 'completed' and completed_at > now() - make_interval(hours => ${COIN_ANALYTICS_WINDOW_HOURS})
        group by coin
      ) v on v.coin = c.symbol
      where c.listed or v.trades > 0 or f.balance > 0
      order by c.sort_order, c.symbol`,
    ),
  ]);
  return { ...counts!, generated_at: new Date(counts!.generated_at).toISOString(), volume_24h: volume };
}
