import { and, eq, gt, sql } from "drizzle-orm";
import { RECENT_SIGN_IN_MINUTES, SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { verifyPassword } from "./passwords.js";
import { checkWithinBudget } from "./sign-in-failures.js";

type Caller = { id: string; sessionId: string };

/**
 * The proof a security change needs (turning two-factor on or off, new recovery codes, signing out
 * another device or all of them, setting a first password): the current password, or a sign-in on
 * this session within the last 5 minutes. A stolen session alone is neither. A wrong password
 * counts against the account's budget of wrong passwords (sign-in-failures.ts), so it cannot be
 * guessed through a session either. `field` names the form field the password came in.
 */
export async function confirmIdentity(
  db: Db,
  caller: Caller,
  password: string | undefined,
  ip: string | undefined,
  field = "password",
): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (user?.passwordHash && password) {
    const { right } = await checkWithinBudget(db, caller.id, "password", ip, () => verifyPassword(user.passwordHash, password));
    if (!right) throw new AppError("WRONG_PASSWORD", SECURITY_MESSAGES.currentPasswordWrong, { [field]: SECURITY_MESSAGES.currentPasswordWrong });
    return;
  }
  if (await signedInRecently(db, caller)) return;
  if (!user?.passwordHash) throw new AppError("FORBIDDEN", SECURITY_MESSAGES.recentSignInRequired);
  throw new AppError("VALIDATION_FAILED", SECURITY_MESSAGES.currentPasswordRequired, { [field]: SECURITY_MESSAGES.currentPasswordRequired });
}

async function signedInRecently(db: Db, caller: Caller): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, caller.sessionId),
        eq(sessions.userId, caller.id),
        gt(sessions.createdAt, sql`now() - ${`${RECENT_SIGN_IN_MINUTES} minutes`}::interval`),
      ),
    );
  return Boolean(row);
}
