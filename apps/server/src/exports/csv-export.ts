import { Readable } from "node:stream";
import { sql, type SQL } from "drizzle-orm";
import { csvRecord, UTF8_BOM, type CsvCell } from "./csv.js";
import { keysetPages } from "./keyset-pages.js";

/** Rows per query of an export: each page is read once the one before has been taken. */
export const EXPORT_PAGE_SIZE = 500;

/** An export's header and its rows, read in pages of the size asked for. */
export type CsvExport = { columns: readonly string[]; pages(pageSize: number): AsyncIterable<CsvCell[][]> };

/**
 * An export read by keyset pages (keyset-pages.ts): each row carries a cell per column under the
 * column's name, beside whatever the key needs.
 */
export function keysetExport<Row extends Record<string, unknown>>(
  columns: readonly string[],
  readPage: (after: Row | null, limit: number) => Promise<Row[]>,
): CsvExport {
  return {
    columns,
    async *pages(pageSize) {
      for await (const rows of keysetPages(readPage, pageSize)) yield rows.map((row) => columns.map((c) => row[c] as CsvCell));
    },
  };
}

/** The header alone: filters that can match nothing (an actor who does not exist). */
export const emptyExport = (columns: readonly string[]): CsvExport => ({ columns, async *pages() {} });

/**
 * The CSV as a stream: the UTF-8 BOM and header, then one chunk per page. The stream holds one
 * chunk at a time, so a page is read only once the response has taken the one before; when the
 * response closes early the stream is destroyed and no further page is read.
 */
export function csvStream(source: CsvExport, pageSize = EXPORT_PAGE_SIZE): Readable {
  return Readable.from(csvChunks(source, pageSize), { highWaterMark: 1 });
}

async function* csvChunks(source: CsvExport, pageSize: number): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(source.columns);
  for await (const rows of source.pages(pageSize)) yield rows.map(csvRecord).join("");
}

/** A timestamp as the API writes them (`toISOString`): ISO 8601 in UTC, to the millisecond. */
export const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Inclusive UTC days on a timestamp column. */
export function dayFilters(column: SQL, range: { from?: string; to?: string }): SQL[] {
  const filters: SQL[] = [];
  if (range.from) filters.push(sql`${column} >= (${range.from}::timestamp at time zone 'UTC')`);
  if (range.to) filters.push(sql`${column} < ((${range.to}::date + 1)::timestamp at time zone 'UTC')`);
  return filters;
}

/** `where a and b …`, or nothing. */
export const whereAll = (filters: SQL[]) => (filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``);
