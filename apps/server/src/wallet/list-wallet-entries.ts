import { sql } from "drizzle-orm";
import type { WalletEntry } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

type Row = Omit<WalletEntry, "id"> & { id: string | number; total: number };

/** The caller's own ledger entries (available, escrow they fund, withdrawing), newest first. */
export async function listWalletEntries(options: { db: Db; userId: string; coin?: string; page: number; pageSize: number }) {
  const { db, userId, coin, page, pageSize } = options;
  const rows = await queryRows<Row>(
    db,
    sql`
    select e.id, e.coin, a.kind as account, e.amount::text, e.balance_after::text, t.kind as transfer,
      t.order_id, t.deposit_id, t.withdrawal_id, to_json(e.created_at) #>> '{}' as created_at,
      count(*) over ()::int as total
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transfers t on t.id = e.transfer_id
    where a.user_id = ${userId} ${coin ? sql`and e.coin = ${coin}` : sql``}
    order by e.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    page,
    page_size: pageSize,
    total: rows[0]?.total ?? (page === 1 ? 0 : await countEntries(db, userId, coin)),
    entries: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() })),
  };
}

async function countEntries(db: Db, userId: string, coin?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.user_id = ${userId} ${coin ? sql`and e.coin = ${coin}` : sql``}`,
  );
  return row?.n ?? 0;
}
