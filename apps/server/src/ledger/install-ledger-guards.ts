import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Tx } from "../db/client.js";

/*
 * Database guards the migration generator cannot express: ledger rows are written once (no
 * UPDATE, DELETE or TRUNCATE), and every transfer's entries sum to zero when its transaction
 * commits. Installed idempotently at start, so both stores and every node carry them; a trigger
 * that already exists is left alone, so a restart takes no lock on the ledger tables.
 */
const FUNCTIONS = [
  sql`create or replace function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are immutable (% on %)', tg_op, tg_table_name using errcode = 'restrict_violation';
    end $$`,
  sql`create or replace function ledger_check_transfer_balanced() returns trigger language plpgsql as $$
    declare total numeric; entries int;
    begin
      select coalesce(sum(amount), 0), count(*) into total, entries from ledger_entries where transfer_id = new.transfer_id;
      if total <> 0 or entries < 2 then
        raise exception 'ledger transfer % is unbalanced (sum %, % entries)', new.transfer_id, total, entries
          using errcode = 'check_violation', constraint = 'ledger_transfer_balanced';
      end if;
      return null;
    end $$`,
];

const TRIGGERS: Record<string, SQL> = {
  ledger_entries_immutable: sql`create trigger ledger_entries_immutable before update or delete on ledger_entries
    for each row execute function ledger_refuse_change()`,
  ledger_transfers_immutable: sql`create trigger ledger_transfers_immutable before update or delete on ledger_transfers
    for each row execute function ledger_refuse_change()`,
  ledger_entries_no_truncate: sql`create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_refuse_change()`,
  ledger_transfers_no_truncate: sql`create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
    for each statement execute function ledger_refuse_change()`,
  ledger_entries_balanced: sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_check_transfer_balanced()`,
};

export async function installLedgerGuards(tx: Tx): Promise<void> {
  for (const statement of FUNCTIONS) await tx.execute(statement);
  const existing = await queryRows<{ tgname: string }>(
    tx,
    sql`select tgname from pg_trigger where tgname in (${sql.join(
      Object.keys(TRIGGERS).map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  const present = new Set(existing.map((r) => r.tgname));
  for (const [name, statement] of Object.entries(TRIGGERS)) if (!present.has(name)) await tx.execute(statement);
}
