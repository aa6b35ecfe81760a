import { eq } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorRecoveryCodes } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { securityChangeMail } from "../mail/security-mails.js";
import { confirmIdentity } from "./confirm-password.js";
import { queueOwnerMail } from "./owner-mail.js";
import { checkSecondFactor, invalidCodeError, twoFactorEnabled, useSecondFactor } from "./second-factor.js";
import { hashToken } from "./tokens.js";
import { formatRecoveryCode, newRecoveryCode } from "./totp.js";
import { transact } from "../db/transact.js";

/**
 * Replaces every recovery code (used or not) with ten new ones, answered this once: for a person
 * who has used most of theirs, or fears someone saw them. Needs the password (or a sign-in within
 * the last 5 minutes) and a current code or a recovery code; wrong answers count against the
 * account's budgets, and a wrong code changes nothing. The owner is mailed.
 */
export async function renewRecoveryCodes(
  db: Db,
  sessionSecret: string,
  caller: { id: string; sessionId: string },
  input: { password?: string | undefined; code: string },
  ip: string | undefined,
): Promise<{ recovery_codes: string[] }> {
  const userId = caller.id;
  if (!(await twoFactorEnabled(db, userId))) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorOff);
  await confirmIdentity(db, caller, input.password, ip);
  if (!(await checkSecondFactor(db, sessionSecret, userId, input.code, ip))) throw invalidCodeError();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await transact(db, async (tx) => {
    if (!(await useSecondFactor(tx, sessionSecret, userId, input.code))) throw invalidCodeError();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(c) })));
    await queueOwnerMail(tx, userId, (to) => securityChangeMail(to, "recovery_codes"));
  });
  return { recovery_codes: codes.map(formatRecoveryCode) };
}
