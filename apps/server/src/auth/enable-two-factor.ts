import { and, eq, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { hashToken } from "./tokens.js";
import { formatRecoveryCode, matchingStep, newRecoveryCode, tryOpenSecret } from "./totp.js";

/**
 * Confirms the unconfirmed secret with a code from it: two-factor is on from now, and ten new
 * single-use recovery codes are answered this once (stored only as hashes).
 */
export async function enableTwoFactor(
  db: Db,
  sessionSecret: string,
  userId: string,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const [row] = await db
    .select({ sealed: twoFactorSecrets.secretSealed, enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  if (row?.enabledAt) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorAlreadyOn);
  if (!row) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.twoFactorNotStarted);
  const secret = tryOpenSecret(row.sealed, sessionSecret);
  const step = secret === null ? null : matchingStep(secret, code);
  if (step === null) {
    throw new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { code: SECURITY_MESSAGES.codeInvalid });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(), lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          eq(twoFactorSecrets.secretSealed, row.sealed),
          isNull(twoFactorSecrets.enabledAt),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    // A concurrent set-up replaced the secret, or another tab enabled it first.
    if (!enabled) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorNotStarted);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(c) })));
  });
  return { recovery_codes: codes.map(formatRecoveryCode) };
}
