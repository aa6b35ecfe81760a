import { eq } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { confirmPassword } from "./confirm-password.js";
import { useSecondFactor, twoFactorEnabled } from "./second-factor.js";
import { recordSignInFailure } from "./sign-in-failures.js";

/**
 * Turns two-factor off; needs the password and a current code (or a recovery code). Wrong
 * answers count as failed sign-ins, so a stolen session cannot guess its way through.
 */
export async function disableTwoFactor(
  db: Db,
  sessionSecret: string,
  userId: string,
  input: { password: string; code: string },
  ip: string | undefined,
): Promise<void> {
  if (!(await twoFactorEnabled(db, userId))) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorOff);
  if (!(await confirmPassword(db, userId, input.password, ip))) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.passwordNeededToDisable);
  const disabled = await db.transaction(async (tx) => {
    if (!(await useSecondFactor(tx, sessionSecret, userId, input.code))) return false;
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    return true;
  });
  if (!disabled) {
    await recordSignInFailure(db, userId, ip);
    throw new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { code: SECURITY_MESSAGES.codeInvalid });
  }
}
