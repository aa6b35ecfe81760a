import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TransactionKind, transactionsExportQuery } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { resolvePerson } from "../audit/resolve-person.js";
import { dayFilters, emptyExport, isoUtc, keysetExport, whereAll, type CsvExport } from "./csv-export.js";

const COLUMNS = [
  "kind",
  "id",
  "created_at",
  "settled_at",
  "status",
  "coin",
  "coin_amount",
  "price_naira",
  "naira_amount",
  "user_id",
  "username",
  "side",
  "counterparty_id",
  "counterparty_username",
  "tx_hash",
  "address",
  "reviewed_by_id",
  "reviewed_by_username",
  "reason",
] as const;

type Row = Record<(typeof COLUMNS)[number] | "key_time", string | null>;

/*
 * One shape for the three kinds. A deposit or withdrawal: its owner, the hash and address, the
 * admin who decided it and when. A trade (an order): its creator as the user with their side,
 * the merchant as the counterparty, naira at the frozen price, completed or cancelled at.
 */
const BRANCHES: Record<TransactionKind, (person: SQL | null) => SQL> = {
  deposit: (person) => sql`
    select 'deposit' as kind, d.id, d.created_at, d.reviewed_at as settled_at, d.status, d.coin, d.amount as coin_amount,
      null::numeric as price_naira, null::numeric as naira_amount, d.user_id, null::text as side, null::uuid as counterparty_id,
      d.tx_hash, null::text as address, d.reviewed_by, d.reject_reason as reason
    from deposits d ${person ? sql`where d.user_id = ${person}` : sql``}`,
  withdrawal: (person) => sql`
    select 'withdrawal' as kind, w.id, w.created_at, w.reviewed_at as settled_at, w.status, w.coin, w.amount as coin_amount,
      null::numeric as price_naira, null::numeric as naira_amount, w.user_id, null::text as side, null::uuid as counterparty_id,
      w.tx_hash, w.address, w.reviewed_by, w.reject_reason as reason
    from withdrawals w ${person ? sql`where w.user_id = ${person}` : sql``}`,
  trade: (person) => sql`
    select 'trade' as kind, o.id, o.created_at, coalesce(o.completed_at, o.cancelled_at) as settled_at, o.status::text as status,
      o.coin, o.coin_amount, o.price as price_naira, o.naira_amount, o.creator_id as user_id, o.side, o.merchant_id as counterparty_id,
      null::text as tx_hash, null::text as address, null::uuid as reviewed_by, o.close_reason as reason
    from orders o ${person ? sql`where ${person} in (o.creator_id, o.merchant_id)` : sql``}`,
};

/**
 * Deposits, withdrawals and trades (what /transaction-history and the admin queues show) in the
 * order they were made, by kind, person, coin, status and days; keyed by (created_at, kind, id).
 */
export async function transactionsExport(db: Db, query: z.output<typeof transactionsExportQuery>): Promise<CsvExport> {
  let person: SQL | null = null;
  if (query.user) {
    const userId = await resolvePerson(db, query.user);
    if (!userId) return emptyExport(COLUMNS);
    person = sql`${userId}::uuid`;
  }
  const kinds = query.kind ? [query.kind] : (Object.keys(BRANCHES) as TransactionKind[]);
  const all = sql.join(
    kinds.map((k) => BRANCHES[k](person)),
    sql` union all `,
  );
  const filters: SQL[] = dayFilters(sql`x.created_at`, query);
  if (query.coin) filters.push(sql`x.coin = ${query.coin}`);
  if (query.status) filters.push(sql`x.status = ${query.status}`);
  return keysetExport(COLUMNS, (after: Row | null, limit) =>
    queryRows<Row>(
      db,
      sql`
      select x.kind, x.id::text as id, ${isoUtc(sql`x.created_at`)} as created_at, ${isoUtc(sql`x.settled_at`)} as settled_at,
        x.status, x.coin, x.coin_amount::text as coin_amount, x.price_naira::text as price_naira,
        x.naira_amount::text as naira_amount, x.user_id::text as user_id, up.username, x.side,
        x.counterparty_id::text as counterparty_id, cp.username as counterparty_username, x.tx_hash, x.address,
        x.reviewed_by::text as reviewed_by_id, rp.username as reviewed_by_username, x.reason, x.created_at::text as key_time
      from (${all}) x
      left join profiles up on up.id = x.user_id
      left join profiles cp on cp.id = x.counterparty_id
      left join profiles rp on rp.id = x.reviewed_by
      ${whereAll([...filters, ...(after ? [sql`(x.created_at, x.kind, x.id) > (${after.key_time}::timestamptz, ${after.kind}, ${after.id}::uuid)`] : [])])}
      order by x.created_at, x.kind, x.id
      limit ${limit}`,
    ),
  );
}
