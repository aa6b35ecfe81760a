import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditLog, deposits, withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";

type Table = typeof deposits | typeof withdrawals;
const NAMES = new Map<Table, string>([
  [deposits, "deposit"],
  [withdrawals, "withdrawal"],
]);

/**
 * Compare-and-set on a pending deposit or withdrawal: zero rows means it is gone, not the
 * caller's, or already decided, answered with its current status.
 */
export async function casPending<T extends Table>(
  tx: Tx,
  table: T,
  input: { id: string; ownerId?: string; set: Record<string, unknown> },
): Promise<T["$inferSelect"]> {
  const ownership = input.ownerId ? eq(table.userId, input.ownerId) : undefined;
  const [row] = await tx
    .update(table as Table)
    .set(input.set)
    .where(and(eq(table.id, input.id), eq(table.status, "pending"), ownership))
    .returning();
  if (row) return row as T["$inferSelect"];
  const name = NAMES.get(table)!;
  const [current] = await tx
    .select({ status: table.status })
    .from(table as Table)
    .where(and(eq(table.id, input.id), ownership));
  if (!current) throw new AppError("NOT_FOUND", `No such ${name}.`);
  throw new AppError("REQUEST_ALREADY_REVIEWED", `This ${name} is already ${current.status}.`);
}

export const reviewedNow = (reviewerId: string) => ({ reviewedBy: reviewerId, reviewedAt: sql`now()` });

export async function auditReview(tx: Tx, actorId: string, action: string, targetType: string, targetId: string, data: object): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, targetType, targetId, data });
}
