import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../db/client.js";

type Check = { name: string; query: SQL };

/**
 * The ledger's invariants (DESIGN §2), each a query that returns the rows breaking it. Used by
 * the tests after every step of a random sequence, and safe to run against a live store.
 */
const CHECKS: Check[] = [
  {
    name: "entries of a coin do not sum to zero",
    query: sql`select coin, sum(amount)::text as total from ledger_entries group by coin having sum(amount) <> 0`,
  },
  {
    name: "transfer is unbalanced or has fewer than two entries",
    query: sql`select t.id, coalesce(sum(e.amount), 0)::text as total, count(e.id)::int as entries
      from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  },
  {
    name: "account other than custody is below zero",
    query: sql`select id, kind, coin, balance::text from ledger_accounts where kind <> 'custody' and balance < 0`,
  },
  {
    name: "account balance differs from the sum of its entries",
    query: sql`select a.id, a.kind, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  },
  {
    name: "order escrow does not hold exactly its locked amount",
    query: sql`select o.id, o.status, o.coin_amount::text, coalesce(a.balance, 0)::text as escrow
      from orders o left join ledger_accounts a on a.kind = 'escrow' and a.order_id = o.id
      where coalesce(a.balance, 0) <> case
        when o.status not in ('completed', 'cancelled') and o.escrow_locked_at is not null
          then o.coin_amount + case when o.side = 'buy' then o.fee_amount else 0 end
        else 0 end`,
  },
  {
    name: "order fee differs from its rate, or from 0 when waived",
    query: sql`select id, coin_amount::text, fee_bps, fee_amount::text, fee_waiver from orders
      where fee_amount <> case when fee_waiver is not null then 0 else trunc(coin_amount * fee_bps / 10000, 8) end`,
  },
  {
    name: "fee account differs from the fees of completed orders and sent withdrawals",
    query: sql`select c.symbol, coalesce(a.balance, 0)::text as fees, (coalesce(o.total, 0) + coalesce(w.total, 0))::text as earned
      from coins c
      left join ledger_accounts a on a.kind = 'fees' and a.coin = c.symbol
      left join (select coin, sum(fee_amount) as total from orders where status = 'completed' group by coin) o on o.coin = c.symbol
      left join (select coin, sum(network_fee) as total from withdrawals where status = 'sent' group by coin) w on w.coin = c.symbol
      where coalesce(a.balance, 0) <> coalesce(o.total, 0) + coalesce(w.total, 0)`,
  },
  {
    name: "users, escrow and fees together differ from confirmed deposits less what sent withdrawals paid out",
    query: sql`select c.symbol, coalesce(a.total, 0)::text as held, (coalesce(d.total, 0) - coalesce(w.total, 0))::text as supply
      from coins c
      left join (select coin, sum(balance) as total from ledger_accounts where kind <> 'custody' group by coin) a on a.coin = c.symbol
      left join (select coin, sum(amount) as total from deposits where status = 'confirmed' group by coin) d on d.coin = c.symbol
      left join (select coin, sum(amount - network_fee) as total from withdrawals where status = 'sent' group by coin) w on w.coin = c.symbol
      where coalesce(a.total, 0) <> coalesce(d.total, 0) - coalesce(w.total, 0)`,
  },
  {
    name: "order was locked, released or refunded a wrong number of times",
    query: sql`select o.id, o.status, coalesce(s.locks, 0) as locks, coalesce(s.releases, 0) as releases, coalesce(s.refunds, 0) as refunds
      from orders o left join (
        select order_id,
               count(*) filter (where kind = 'escrow_lock')::int as locks,
               count(*) filter (where kind = 'escrow_release')::int as releases,
               count(*) filter (where kind = 'escrow_refund')::int as refunds
        from ledger_transfers where order_id is not null group by order_id) s on s.order_id = o.id
      where coalesce(s.locks, 0) <> (case when o.escrow_locked_at is null then 0 else 1 end)
         or coalesce(s.releases, 0) <> (case when o.status = 'completed' then 1 else 0 end)
         or coalesce(s.refunds, 0) <> (case when o.status = 'cancelled' and o.escrow_locked_at is not null then 1 else 0 end)`,
  },
  {
    name: "order flags disagree with its status",
    query: sql`select id, status, is_active, current_step from orders
      where is_active <> (status not in ('completed', 'cancelled'))
         or (status = 'completed' and current_step <> 5)
         or (status = 'completed' and escrow_locked_at is null)`,
  },
  {
    name: "withdrawing balance differs from the withdrawals not yet ended",
    query: sql`select coalesce(a.user_id, w.user_id) as user_id, coalesce(a.coin, w.coin) as coin,
        coalesce(a.balance, 0)::text as withdrawing, coalesce(w.total, 0)::text as pending
      from (select user_id, coin, balance from ledger_accounts where kind = 'withdrawing') a
      full join (select user_id, coin, sum(amount) as total from withdrawals where status in ('pending', 'approved', 'verifying') group by user_id, coin) w
        on w.user_id = a.user_id and w.coin = a.coin
      where coalesce(a.balance, 0) <> coalesce(w.total, 0)`,
  },
  {
    name: "custody differs from confirmed deposits less what sent withdrawals paid out",
    query: sql`select c.symbol, coalesce(a.balance, 0)::text as custody, (coalesce(d.total, 0) - coalesce(w.total, 0))::text as held
      from coins c
      left join ledger_accounts a on a.kind = 'custody' and a.coin = c.symbol
      left join (select coin, sum(amount) as total from deposits where status = 'confirmed' group by coin) d on d.coin = c.symbol
      left join (select coin, sum(amount - network_fee) as total from withdrawals where status = 'sent' group by coin) w on w.coin = c.symbol
      where coalesce(a.balance, 0) <> -(coalesce(d.total, 0) - coalesce(w.total, 0))`,
  },
  {
    name: "confirmed deposit without exactly one credit, or credit without a confirmed deposit",
    query: sql`select d.id, d.status, count(t.id)::int as credits
      from deposits d left join ledger_transfers t on t.deposit_id = d.id and t.kind = 'deposit'
      group by d.id having count(t.id) <> (case when d.status = 'confirmed' then 1 else 0 end)`,
  },
];

export type LedgerViolation = { invariant: string; rows: unknown[] };

/**
 * Every broken invariant with up to five offending rows; an empty list means the ledger is sound.
 * All checks run as one statement (one snapshot, one round trip).
 */
export async function verifyLedger(db: Db | Tx): Promise<LedgerViolation[]> {
  const union = sql.join(
    CHECKS.map((check) => sql`(select ${check.name}::text as invariant, to_jsonb(q) as row from (${check.query} limit 5) q)`),
    sql` union all `,
  );
  const rows = await queryRows<{ invariant: string; row: unknown }>(db, union);
  const violations = new Map<string, unknown[]>();
  for (const { invariant, row } of rows) violations.set(invariant, [...(violations.get(invariant) ?? []), row]);
  return [...violations].map(([invariant, offending]) => ({ invariant, rows: offending }));
}
