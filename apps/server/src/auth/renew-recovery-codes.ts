import { eq } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorRecoveryCodes } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { confirmPassword } from "./confirm-password.js";
import { useSecondFactor, twoFactorEnabled } from "./second-factor.js";
import { recordSignInFailure } from "./sign-in-failures.js";
import { hashToken } from "./tokens.js";
import { formatRecoveryCode, newRecoveryCode } from "./totp.js";

/**
 * Replaces every recovery code (used or not) with ten new ones, answered this once: for a person
 * who has used most of theirs, or fears someone saw them. Needs the password (when the account has
 * one) and a current code or a recovery code; wrong answers count as failed sign-ins, and a wrong
 * code changes nothing.
 */
export async function renewRecoveryCodes(
  db: Db,
  sessionSecret: string,
  userId: string,
  input: { password?: string | undefined; code: string },
  ip: string | undefined,
): Promise<{ recovery_codes: string[] }> {
  if (!(await twoFactorEnabled(db, userId))) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorOff);
  await confirmPassword(db, userId, input.password, ip);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const renewed = await db.transaction(async (tx) => {
    if (!(await useSecondFactor(tx, sessionSecret, userId, input.code))) return false;
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(c) })));
    return true;
  });
  if (!renewed) {
    await recordSignInFailure(db, userId, ip);
    throw new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { code: SECURITY_MESSAGES.codeInvalid });
  }
  return { recovery_codes: codes.map(formatRecoveryCode) };
}
