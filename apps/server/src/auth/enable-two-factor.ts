import { and, eq, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { securityChangeMail } from "../mail/security-mails.js";
import { confirmIdentity } from "./confirm-password.js";
import { queueOwnerMail } from "./owner-mail.js";
import { hashToken } from "./tokens.js";
import { formatRecoveryCode, matchingStep, newRecoveryCode, tryOpenSecret } from "./totp.js";
import { transact } from "../db/transact.js";

/**
 * Confirms the unconfirmed secret with a code from it: two-factor is on from now, and ten new
 * single-use recovery codes are answered this once (stored only as hashes). Needs the password (or
 * a sign-in within the last 5 minutes): a stolen session alone cannot lock the owner out with a
 * second factor of its own. The owner is mailed.
 */
export async function enableTwoFactor(
  db: Db,
  sessionSecret: string,
  caller: { id: string; sessionId: string },
  input: { code: string; password?: string | undefined },
  ip: string | undefined,
): Promise<{ recovery_codes: string[] }> {
  const userId = caller.id;
  const code = input.code;
  const [row] = await db
    .select({ sealed: twoFactorSecrets.secretSealed, enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  if (row?.enabledAt) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorAlreadyOn);
  if (!row) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.twoFactorNotStarted);
  await confirmIdentity(db, caller, input.password, ip);
  const secret = tryOpenSecret(row.sealed, sessionSecret);
  const step = secret === null ? null : matchingStep(secret, code);
  if (step === null) {
    throw new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { code: SECURITY_MESSAGES.codeInvalid });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await transact(db, async (tx) => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(), lastUsedStep: step })
      .where(and(eq(twoFactorSecrets.userId, userId), eq(twoFactorSecrets.secretSealed, row.sealed), isNull(twoFactorSecrets.enabledAt)))
      .returning({ userId: twoFactorSecrets.userId });
    // A concurrent set-up replaced the secret, or another tab enabled it first.
    if (!enabled) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorNotStarted);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(c) })));
    await queueOwnerMail(tx, userId, (to) => securityChangeMail(to, "two_factor_on"));
  });
  return { recovery_codes: codes.map(formatRecoveryCode) };
}
