import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInFailures } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { AUTH_MESSAGES } from "@p2p/shared";

/**
 * The per-account failure limit of sign-in (DESIGN §6: at most 100 per hour), shared by the
 * password step, the two-factor step and the checks that take a password or code when signed in.
 */
export async function recentSignInFailures(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.userId, userId), gt(signInFailures.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

export async function assertBelowFailureLimit(db: Db, userId: string): Promise<void> {
  if ((await recentSignInFailures(db, userId)) >= MAX_FAILED_SIGN_INS_PER_HOUR) {
    throw new AppError("TOO_MANY_FAILED_SIGN_INS", AUTH_MESSAGES.tooManyFailedSignIns);
  }
}

export async function recordSignInFailure(db: Db, userId: string, ip: string | undefined): Promise<void> {
  await db.insert(signInFailures).values({ userId, ip: ip ?? null });
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.userId, userId), lt(signInFailures.createdAt, sql`now() - interval '1 day'`)));
}
