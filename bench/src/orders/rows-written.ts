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
  const rows = await queryOnce<{ t: string; n: number }>(
    url,
    TABLES.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(" union all "),
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.n])) as RowCounts;
}

/** One query on a connection of its own, closed after it. */
async function queryOnce<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
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

/** The columns each table's rows fill (not null), by table: what a trade's rows hold, besides how many there are. */
export type FilledColumns = Record<(typeof TABLES)[number], string[]>;

/** The database's clock now: where a run's rows begin (every table here has `created_at`). */
export async function databaseNow(url: string): Promise<string> {
  const [row] = await queryOnce<{ now: string }>(url, "select now()::text as now");
  return row!.now;
}

/** Columns the app's job runner fills later, on its own schedule (a job run, done or failed): not what a trade writes. */
const LATER: Partial<Record<(typeof TABLES)[number], string[]>> = { jobs: ["last_error", "done_at", "failed_at"] };

/** The columns filled by rows written since `since` (up to 2,000 rows a table), table by table, leaving out `LATER`'s. */
export async function filledColumns(url: string, since: string): Promise<FilledColumns> {
  const rows = await queryOnce<{ t: string; columns: string[] }>(
    url,
    TABLES.map(
      (t) => `select '${t}' as t, array(select distinct k from (select * from ${t} where created_at >= $1::timestamptz limit 2000) x,
        jsonb_object_keys(jsonb_strip_nulls(to_jsonb(x)${(LATER[t] ?? []).map((c) => ` - '${c}'`).join("")})) k order by 1) as columns`,
    ).join(" union all "),
    [since],
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.columns])) as FilledColumns;
}

/** The tables whose rows the app and the baseline filled differently: a column one filled and the other left empty. */
export function columnDifferences(app: FilledColumns, baseline: FilledColumns): string[] {
  return TABLES.flatMap((t) => {
    const onlyApp = app[t].filter((c) => !baseline[t].includes(c)).map((c) => `${c} only in the app's`);
    const onlyBaseline = baseline[t].filter((c) => !app[t].includes(c)).map((c) => `${c} only in the baseline's`);
    const both = [...onlyApp, ...onlyBaseline];
    return both.length ? [`${t}: ${both.join(", ")}`] : [];
  });
}
