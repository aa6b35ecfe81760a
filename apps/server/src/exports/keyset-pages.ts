/**
 * Reads a query page by page in the order of a unique key, each page starting after the last row
 * of the one before (never OFFSET, never the whole result at once). A caller that stops iterating
 * (a download whose client went away) stops the reads: no further page is asked for.
 */
export async function* keysetPages<Row>(readPage: (after: Row | null, limit: number) => Promise<Row[]>, pageSize: number): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const rows = await readPage(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}
