import { NO_SUCH, WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { auditLog, deposits, withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";

type Table = typeof deposits | typeof withdrawals;
const TEXTS = new Map<Table, { missing: string; decided: typeof WALLET_TEXTS.depositDecided | typeof WALLET_TEXTS.withdrawalDecided }>([
  [deposits, { missing: NO_SUCH.deposit, decided: WALLET_TEXTS.depositDecided }],
  [withdrawals, { missing: NO_SUCH.withdrawal, decided: WALLET_TEXTS.withdrawalDecided }],
]);

export type CasInput = {
  id: string;
  ownerId?: string;
  reviewerId?: string;
  set: Record<string, unknown>;
  /** The statuses it may leave; pending by default. */
  from?: readonly string[];
  /** A further condition on the row; when it alone fails, `refused` says why. */
  where?: SQL;
  refused?: () => AppError;
};

/**
 * Compare-and-set on a deposit or withdrawal in one of `from` (pending by default): zero rows
 * means it is gone, not the caller's, the reviewing admin's own (four eyes, DESIGN §2), or
 * already decided, answered with its current status.
 */
export async function casPending<T extends Table>(tx: Tx, table: T, input: CasInput): Promise<T["$inferSelect"]> {
  const from = input.from ?? ["pending"];
  const ownership = input.ownerId ? eq(table.userId, input.ownerId) : undefined;
  const notOwnReview = input.reviewerId ? ne(table.userId, input.reviewerId) : undefined;
  const [row] = await tx
    .update(table as Table)
    .set(input.set)
    .where(and(eq(table.id, input.id), inArray(table.status, [...from]), ownership, notOwnReview, input.where))
    .returning();
  if (row) return row as T["$inferSelect"];
  const texts = TEXTS.get(table)!;
  const [current] = await tx
    .select({ status: table.status, userId: table.userId })
    .from(table as Table)
    .where(and(eq(table.id, input.id), ownership));
  if (!current) throw new AppError("NOT_FOUND", texts.missing);
  if (current.userId === input.reviewerId) throw ownRequest();
  if (from.includes(current.status) && input.refused) throw input.refused();
  throw new AppError("REQUEST_ALREADY_REVIEWED", fillTemplate(texts.decided, { status: current.status }));
}

/** Four eyes: an admin's own deposit or withdrawal is reviewed by another admin. */
export const ownRequest = () => new AppError("FORBIDDEN", WALLET_TEXTS.ownRequest);

export const reviewedNow = (reviewerId: string) => ({ reviewedBy: reviewerId, reviewedAt: sql`now()` });

export async function auditReview(tx: Tx, actorId: string, action: string, targetType: string, targetId: string, data: object): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, targetType, targetId, data });
}
