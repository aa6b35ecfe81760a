import { and, count, eq, gt, lt, lte, sql } from "drizzle-orm";
import {
  AUTH_MESSAGES,
  FAILED_SIGN_IN_ADDRESS_WINDOW_MINUTES,
  MAX_FAILED_SIGN_INS_PER_ADDRESS,
  MAX_FAILED_SIGN_INS_PER_HOUR,
  MAX_WRONG_CODES_PER_HOUR,
  SECURITY_MESSAGES,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { signInFailures, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { queueMail } from "../mail/mailer.js";
import { codeLockoutMail } from "../mail/security-mails.js";
import { transact } from "../db/transact.js";

export type Factor = "password" | "code";

/** A check under way: its failure row is written before the answer is known, and deleted if the answer was right. */
export type Attempt = { id: number; userId: string; factor: Factor; overAccountLimit: boolean };

/**
 * The one budget of wrong answers every check of an account draws on (DESIGN §6): passwords
 * (sign-in, and the signed-in confirmations) and second-factor codes (the sign-in's second step,
 * step-up on money moves, changes to two-factor).
 *
 * - A password: at most 10 wrong from one IP address per 15 minutes (that address waits, the
 *   owner elsewhere does not); past 100 wrong from anywhere within the hour, `overAccountLimit`
 *   tells the sign-in to answer the right password with a mailed link instead of a session.
 * - A code: at most 10 wrong per hour, then every code is refused until the hour passes, and the
 *   owner is mailed when the budget runs out.
 *
 * The attempt is counted as failed before it is checked (one short transaction holding the user
 * row, so racing requests queue and see each other's rows): however many arrive at once, no more
 * than the budget are ever checked. A right answer deletes its row again.
 */
async function startAttempt(db: Db, userId: string, factor: Factor, ip: string | undefined): Promise<Attempt> {
  return transact(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    let overAccountLimit = false;
    if (factor === "code") {
      if ((await failuresWithin(tx, userId, "code", "1 hour")) >= MAX_WRONG_CODES_PER_HOUR) {
        throw new AppError("TOO_MANY_WRONG_CODES", SECURITY_MESSAGES.tooManyWrongCodes);
      }
    } else {
      const window = `${FAILED_SIGN_IN_ADDRESS_WINDOW_MINUTES} minutes`;
      if ((await failuresWithin(tx, userId, "password", window, ip ?? null)) >= MAX_FAILED_SIGN_INS_PER_ADDRESS) {
        throw new AppError("TOO_MANY_FAILED_SIGN_INS", AUTH_MESSAGES.tooManyFailedSignInsHere);
      }
      overAccountLimit = (await failuresWithin(tx, userId, "password", "1 hour")) >= MAX_FAILED_SIGN_INS_PER_HOUR;
    }
    const [row] = await tx
      .insert(signInFailures)
      .values({ userId, ip: ip ?? null, factor })
      .returning({ id: signInFailures.id });
    await tx.delete(signInFailures).where(and(eq(signInFailures.userId, userId), lt(signInFailures.createdAt, sql`now() - interval '1 day'`)));
    return { id: row!.id, userId, factor, overAccountLimit };
  });
}

/** The answer was right: it was no failure after all. */
async function attemptSucceeded(db: Db | Tx, attempt: Attempt): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
}

/** The answer was wrong (its row stays). The code that spends the budget mails the owner. */
async function attemptFailed(db: Db, attempt: Attempt): Promise<void> {
  if (attempt.factor !== "code") return;
  await transact(db, async (tx) => {
    const [owner] = await tx
      .select({ email: users.email, fullName: users.fullName, language: users.language })
      .from(users)
      .where(eq(users.id, attempt.userId))
      .for("update");
    const [upToThis] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.userId, attempt.userId),
          eq(signInFailures.factor, "code"),
          lte(signInFailures.id, attempt.id),
          gt(signInFailures.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if (owner && upToThis?.n === MAX_WRONG_CODES_PER_HOUR) await queueMail(tx, codeLockoutMail(owner));
  });
}

/** Runs a check under the budget: `check` answers whether the password or code was right. */
export async function checkWithinBudget(
  db: Db,
  userId: string,
  factor: Factor,
  ip: string | undefined,
  check: () => Promise<boolean>,
): Promise<{ right: boolean; attempt: Attempt }> {
  const attempt = await startAttempt(db, userId, factor, ip);
  const right = await check();
  if (right) await attemptSucceeded(db, attempt);
  else await attemptFailed(db, attempt);
  return { right, attempt };
}

async function failuresWithin(tx: Tx, userId: string, factor: Factor, window: string, ip?: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.userId, userId),
        eq(signInFailures.factor, factor),
        gt(signInFailures.createdAt, sql`now() - ${window}::interval`),
        ip === undefined ? undefined : sql`${signInFailures.ip} is not distinct from ${ip}`,
      ),
    );
  return row?.n ?? 0;
}
