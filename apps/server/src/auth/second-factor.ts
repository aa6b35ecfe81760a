import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";
import { hashToken } from "./tokens.js";
import { matchingStep, tryOpenSecret } from "./totp.js";

/** Whether the account has two-factor on (a confirmed secret). */
export async function twoFactorEnabled(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Checks and uses up a second factor of an enabled two-factor: a TOTP code (its time step must be
 * newer than the last one accepted, compare-and-set, so a code never works twice, even in two
 * racing requests) or an unused recovery code (marked used, compare-and-set). `code` is normalised
 * by the shared twoFactorCodeSchema: six digits, or ten lowercase base32 characters.
 */
export async function useSecondFactor(tx: Db | Tx, sessionSecret: string, userId: string, code: string): Promise<boolean> {
  if (/^[0-9]{6}$/.test(code)) {
    const [row] = await tx
      .select({ sealed: twoFactorSecrets.secretSealed })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
      .limit(1);
    if (!row) return false;
    const secret = tryOpenSecret(row.sealed, sessionSecret);
    const step = secret === null ? null : matchingStep(secret, code);
    if (step === null) return false;
    const [accepted] = await tx
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return Boolean(accepted);
  }
  const [used] = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashToken(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(used);
}
