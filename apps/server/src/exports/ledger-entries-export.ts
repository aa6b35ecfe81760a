import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ledgerEntriesExportQuery } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { resolvePerson } from "../audit/resolve-person.js";
import { dayFilters, emptyExport, isoUtc, keysetExport, whereAll, type CsvExport } from "./csv-export.js";

const COLUMNS = [
  "entry_id",
  "created_at",
  "transfer_id",
  "transfer_kind",
  "coin",
  "account_id",
  "account_kind",
  "account_user_id",
  "account_username",
  "amount",
  "balance_after",
  "order_id",
  "deposit_id",
  "withdrawal_id",
  "actor_id",
] as const;

type Row = Record<(typeof COLUMNS)[number], string | null>;

/**
 * Ledger entries (docs/TRADING.md) by account, owner, coin, account kind and days, in the order
 * they were written (by entry id). Amounts are signed exact decimals, positive into the account.
 */
export async function ledgerEntriesExport(db: Db, query: z.output<typeof ledgerEntriesExportQuery>): Promise<CsvExport> {
  const filters: SQL[] = dayFilters(sql`e.created_at`, query);
  if (query.account) filters.push(sql`e.account_id = ${query.account}`);
  if (query.coin) filters.push(sql`e.coin = ${query.coin}`);
  if (query.account_kind) filters.push(sql`la.kind = ${query.account_kind}`);
  if (query.user) {
    const userId = await resolvePerson(db, query.user);
    if (!userId) return emptyExport(COLUMNS);
    filters.push(sql`la.user_id = ${userId}::uuid`);
  }
  return keysetExport(COLUMNS, (after: Row | null, limit) =>
    queryRows<Row>(
      db,
      sql`
      select e.id::text as entry_id, ${isoUtc(sql`e.created_at`)} as created_at, e.transfer_id::text as transfer_id,
        t.kind as transfer_kind, e.coin, e.account_id::text as account_id, la.kind as account_kind,
        la.user_id::text as account_user_id, p.username as account_username, e.amount::text as amount,
        e.balance_after::text as balance_after, t.order_id::text as order_id, t.deposit_id::text as deposit_id,
        t.withdrawal_id::text as withdrawal_id, t.actor_id::text as actor_id
      from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      join ledger_accounts la on la.id = e.account_id
      left join profiles p on p.id = la.user_id
      ${whereAll([...filters, ...(after ? [sql`e.id > ${after.entry_id}::bigint`] : [])])}
      order by e.id
      limit ${limit}`,
    ),
  );
}
