import type { z } from "zod";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { SECURITY_MESSAGES, type changePasswordRequest, AUTH_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions, signInChallenges, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { queueMail } from "../mail/mailer.js";
import { hashPassword, isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from "./passwords.js";
import { passwordChangedHereMail } from "../mail/auth-mails.js";
import { confirmIdentity } from "./confirm-password.js";
import { transact } from "../db/transact.js";

type Input = z.output<typeof changePasswordRequest>;

/**
 * Changes the password (the current one is checked), or sets a first one on a Google-only
 * account (after a sign-in within the last 5 minutes). In one transaction: the hash and password_changed_at (withdrawals pause 24 hours),
 * every OTHER session ends (their refresh tokens stop working at once), pending sign-in
 * challenges end, and a notice is mailed. The caller's own session goes on.
 */
export async function changePassword(
  db: Db,
  caller: { id: string; sessionId: string },
  input: Input,
  ip: string | undefined,
): Promise<{ message: string }> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!user) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  const setting = !user.passwordHash;

  // A first password (Google-only account) needs a recent sign-in; a change, the current password.
  await confirmIdentity(db, caller, setting ? undefined : requiredCurrentPassword(input), ip, "current_password");
  if (!setting && input.current_password === input.new_password) {
    throw new AppError("VALIDATION_FAILED", SECURITY_MESSAGES.samePassword, { new_password: SECURITY_MESSAGES.samePassword });
  }
  if (isCommonPassword(input.new_password)) {
    throw new AppError("PASSWORD_TOO_COMMON", PASSWORD_TOO_COMMON_MESSAGE, { new_password: PASSWORD_TOO_COMMON_MESSAGE });
  }
  const passwordHash = await hashPassword(input.new_password);

  await transact(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      // Compare-and-set on the hash that was checked: of two racing changes only one wins.
      .where(and(eq(users.id, caller.id), user.passwordHash ? eq(users.passwordHash, user.passwordHash) : isNull(users.passwordHash)))
      .returning({ email: users.email, fullName: users.fullName, language: users.language });
    if (!updated) throw new AppError("CONFLICT", AUTH_MESSAGES.passwordChangedElsewhere);
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: "password_change" })
      .where(and(eq(sessions.userId, caller.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, caller.id));
    await queueMail(tx, passwordChangedHereMail(updated, setting));
  });
  return { message: setting ? SECURITY_MESSAGES.passwordSet : SECURITY_MESSAGES.passwordChanged };
}

function requiredCurrentPassword(input: Input): string {
  if (input.current_password) return input.current_password;
  throw new AppError("VALIDATION_FAILED", SECURITY_MESSAGES.currentPasswordRequired, {
    current_password: SECURITY_MESSAGES.currentPasswordRequired,
  });
}
