import { eq } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { securityChangeMail } from "../mail/security-mails.js";
import { confirmIdentity } from "./confirm-password.js";
import { queueOwnerMail } from "./owner-mail.js";
import { checkSecondFactor, invalidCodeError, twoFactorEnabled, useSecondFactor } from "./second-factor.js";
import { transact } from "../db/transact.js";

/**
 * Turns two-factor off; needs the password and a current code (or a recovery code). Wrong
 * answers count against the account's budgets, so a stolen session cannot guess its way through.
 * The owner is mailed.
 */
export async function disableTwoFactor(
  db: Db,
  sessionSecret: string,
  caller: { id: string; sessionId: string },
  input: { password: string; code: string },
  ip: string | undefined,
): Promise<void> {
  const userId = caller.id;
  if (!(await twoFactorEnabled(db, userId))) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorOff);
  if (!(await hasPassword(db, userId))) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.passwordNeededToDisable);
  await confirmIdentity(db, caller, input.password, ip);
  if (!(await checkSecondFactor(db, sessionSecret, userId, input.code, ip))) throw invalidCodeError();
  await transact(db, async (tx) => {
    if (!(await useSecondFactor(tx, sessionSecret, userId, input.code))) throw invalidCodeError();
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    await queueOwnerMail(tx, userId, (to) => securityChangeMail(to, "two_factor_off"));
  });
}

async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.passwordHash);
}
