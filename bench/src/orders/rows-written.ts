import pg from "pg";
import { round } from "../lib/stats.js";

/** Every table a trade writes a row to (or none: the outbox jobs of a person with no channel linked). */
const TABLES = [
  "orders",
  "jobs",
  "chat_messages",
  "notifications",
  "audit_log",
  "ledger_accounts",
  "ledger_transfers",
  "ledger_entries",
  "transaction_history",
  "idempotency_keys",
  "events",
] as const;

export type RowCounts = Record<(typeof TABLES)[number], number>;

export async function countRows(url: string): Promise<RowCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string; n: number }>(
      TABLES.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(" union all "),
    );
    return Object.fromEntries(rows.map((r) => [r.t, r.n])) as RowCounts;
  } finally {
    await client.end();
  }
}

/** Rows written per order between two counts: what one trade writes, table by table. */
export function rowsPerTrade(before: RowCounts, after: RowCounts): RowCounts {
  const orders = after.orders - before.orders;
  return Object.fromEntries(TABLES.map((t) => [t, orders ? round((after[t] - before[t]) / orders, 2) : NaN])) as RowCounts;
}

/** The tables where two runs wrote a different number of rows per trade (none: the same rows). */
export function rowDifferences(a: RowCounts, b: RowCounts): string[] {
  return TABLES.filter((t) => Math.abs(a[t] - b[t]) > 0.05).map((t) => `${t}: ${a[t]} vs ${b[t]}`);
}
