import { eq } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { verifyPassword } from "./passwords.js";
import { assertBelowFailureLimit, recordSignInFailure } from "./sign-in-failures.js";

/**
 * Checks the account's password before a change to its second factor. A wrong one counts as a
 * failed sign-in, so a stolen session cannot guess its way through; over the hour's limit,
 * nothing is checked. Answers whether the account has a password at all (Google-only accounts
 * have none, and then `password` is not looked at).
 */
export async function confirmPassword(db: Db, userId: string, password: string | undefined, ip: string | undefined): Promise<boolean> {
  await assertBelowFailureLimit(db, userId);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user?.passwordHash) return false;
  if (!password) {
    throw new AppError("VALIDATION_FAILED", SECURITY_MESSAGES.currentPasswordRequired, { password: SECURITY_MESSAGES.currentPasswordRequired });
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordSignInFailure(db, userId, ip);
    throw new AppError("WRONG_PASSWORD", SECURITY_MESSAGES.currentPasswordWrong, { password: SECURITY_MESSAGES.currentPasswordWrong });
  }
  return true;
}
