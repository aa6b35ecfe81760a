import { sql } from "drizzle-orm";
import type { WalletBalance } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

/** The caller's balances per coin: listed coins, and any other coin they still hold. */
export async function getWallet(options: { db: Db; userId: string }): Promise<WalletBalance[]> {
  return queryRows<WalletBalance>(
    options.db,
    sql`
    select c.symbol as coin, c.name,
      coalesce(sum(a.balance) filter (where a.kind = 'available'), 0)::numeric(28, 8)::text as available,
      coalesce(sum(a.balance) filter (where a.kind = 'escrow'), 0)::numeric(28, 8)::text as in_escrow,
      coalesce(sum(a.balance) filter (where a.kind = 'withdrawing'), 0)::numeric(28, 8)::text as withdrawing
    from coins c
    left join ledger_accounts a on a.coin = c.symbol and a.user_id = ${options.userId}
    group by c.symbol
    having c.listed or coalesce(sum(a.balance), 0) <> 0
    order by c.sort_order`,
  );
}
