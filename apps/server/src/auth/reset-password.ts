import type { z } from "zod";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { resetPasswordRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { authTokens, sessions, signInFailures, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { passwordChangedMail } from "../mail/auth-mails.js";
import { queueMail } from "../mail/mailer.js";
import { AUTH_MESSAGES } from "@p2p/shared";
import { consumeOneTimeToken } from "./one-time-tokens.js";
import { removeRecentTwoFactor } from "./remove-recent-two-factor.js";
import { hashPassword, isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from "./passwords.js";
import { hashToken } from "./tokens.js";
import { transact } from "../db/transact.js";

type Input = z.output<typeof resetPasswordRequest>;

/**
 * Sets a new password from a mailed reset link. In one transaction: the token is used up
 * (compare-and-set), the password and password_changed_at are written (withdrawals check it for
 * the 24-hour block), every session of the user ends, two-factor turned on within the last 72
 * hours is removed (the owner's way back from a thief who turned it on), and a notice is mailed. Answers whose password it was.
 */
export async function resetPassword(db: Db, input: Input): Promise<{ userId: string }> {
  if (isCommonPassword(input.password)) {
    throw new AppError("PASSWORD_TOO_COMMON", PASSWORD_TOO_COMMON_MESSAGE, { password: PASSWORD_TOO_COMMON_MESSAGE });
  }
  // Checked before the slow hashing, and again (compare-and-set) inside the transaction.
  const [live] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(input.token)),
        eq(authTokens.purpose, "reset_password"),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  if (!live) throw invalidLink();
  const passwordHash = await hashPassword(input.password);

  return transact(db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, input.token, "reset_password");
    if (!userId) throw invalidLink();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        // Following the mailed link proves the address, as confirming would.
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email, fullName: users.fullName, language: users.language });
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: "password_reset" })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "reset_password"), isNull(authTokens.usedAt)));
    await tx.delete(signInFailures).where(eq(signInFailures.userId, userId));
    const twoFactorRemoved = await removeRecentTwoFactor(tx, userId);
    await queueMail(tx, passwordChangedMail(user!, { twoFactorRemoved }));
    return { userId };
  });
}

function invalidLink(): AppError {
  return new AppError("INVALID_TOKEN", AUTH_MESSAGES.resetLinkInvalid);
}
