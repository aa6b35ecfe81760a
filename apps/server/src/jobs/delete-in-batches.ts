import type { SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.js";

/**
 * Runs a batch of a purge (one statement that deletes at most `batchSize` rows and answers their
 * count as `n`) until a batch comes back short, so a large backlog never holds many locks for long.
 * Answers how many rows went.
 */
export async function deleteInBatches(db: Db, batchSize: number, batch: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(db, batch);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}
