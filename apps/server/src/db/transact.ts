import { inTransaction, isTransaction, txContext, withTxContext, type Db, type Tx } from "./client.js";
import { newTxContext } from "./tx-context.js";
import { flushEvents, publishCommitted } from "../realtime/append-event.js";

/** The PostgreSQL error behind a driver or Drizzle error, if any (both stores answer with one). */
export function pgError(err: unknown): { code: string; constraint?: string } | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === "string" ? e.constraint : undefined };
    }
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgError(err);
  return pg?.code === "23505" && (constraint === undefined || pg.constraint === constraint);
};

const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 5;

/**
 * Runs fn in one transaction. A deadlock or serialization failure (which the lock order is meant
 * to prevent) is retried from the start. Inside an outer transaction (a request under an
 * Idempotency-Key) fn simply joins it: any failure aborts the whole outer transaction, which
 * owns the retry, so a savepoint would only cost two round trips per call. Realtime events the
 * transaction appended are written by its last statement and published once it has committed,
 * never before.
 */
export async function transact<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return joined(db, fn);
  for (let attempt = 1; ; attempt++) {
    const context = newTxContext();
    try {
      const result = await inTransaction(db, async (drizzleTx) => {
        const tx = withTxContext(drizzleTx, context);
        const result = await fn(tx);
        await flushEvents(tx);
        return result;
      });
      publishCommitted(db, context.writtenEvents);
      return result;
    } catch (err) {
      const code = pgError(err)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/** fn joins a transaction already open: none of its statements is the transaction's last. */
async function joined<T>(tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const context = txContext(tx);
  if (context) context.joined++;
  try {
    return await fn(tx);
  } finally {
    if (context) context.joined--;
  }
}

/**
 * A savepoint inside a transaction: if fn fails, only fn's writes are undone and the transaction
 * goes on (sign-up tries a referral code this way). The events fn appends join the transaction's
 * only if fn succeeds.
 */
export async function savepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
  const inner = newTxContext(true);
  const result = await tx.transaction((drizzleTx) => fn(withTxContext(drizzleTx, inner)));
  const outer = txContext(tx);
  outer?.queuedEvents.push(...inner.queuedEvents);
  outer?.writtenEvents.push(...inner.writtenEvents);
  return result;
}
