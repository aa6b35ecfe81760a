import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { columnNames, tableName } from "../db/sql-names.js";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { checkWithinBudget } from "./sign-in-failures.js";
import { hashToken } from "./tokens.js";
import { matchingStep, tryOpenSecret } from "./totp.js";

/** Whether the account has two-factor on (a confirmed secret). Every release of escrow asks it. */
export async function twoFactorEnabled(db: Db | Tx, userId: string): Promise<boolean> {
  return (await runPrepared<{ enabled: boolean }>(db, TWO_FACTOR_ENABLED, [userId]))[0]!.enabled;
}

const T = columnNames(twoFactorSecrets, ["userId", "enabledAt"]);

/** The same question as SQL, for a statement that asks it beside its own work (an order's release asks it in its move). */
export const twoFactorEnabledSql = (userParam: string) =>
  `exists (select 1 from ${tableName(twoFactorSecrets)} where ${T.userId} = ${userParam}::uuid and ${T.enabledAt} is not null)`;

const TWO_FACTOR_ENABLED = prepared(`select ${twoFactorEnabledSql("$1")} as enabled`);

/**
 * Whether `code` is the account's second factor, counted against the account's budget of wrong
 * codes (sign-in-failures.ts): a wrong guess is counted and committed at once, whatever the
 * caller's own transaction does later; over the budget, TOO_MANY_WRONG_CODES. It does not use the
 * code up: a right code (even one already used) is no guess, and the caller's transaction uses it
 * (useSecondFactor), where a replay is refused.
 */
export async function checkSecondFactor(db: Db, sessionSecret: string, userId: string, code: string, ip: string | undefined): Promise<boolean> {
  const { right } = await checkWithinBudget(db, userId, "code", ip, () => isSecondFactor(db, sessionSecret, userId, code));
  return right;
}

async function isSecondFactor(db: Db, sessionSecret: string, userId: string, code: string): Promise<boolean> {
  if (/^[0-9]{6}$/.test(code)) {
    const [row] = await db
      .select({ sealed: twoFactorSecrets.secretSealed })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
      .limit(1);
    const secret = row ? tryOpenSecret(row.sealed, sessionSecret) : null;
    return secret !== null && matchingStep(secret, code) !== null;
  }
  const [known] = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashToken(code))))
    .limit(1);
  return Boolean(known);
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
      .where(and(eq(twoFactorSecrets.userId, userId), or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step))))
      .returning({ userId: twoFactorSecrets.userId });
    return Boolean(accepted);
  }
  const [used] = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashToken(code)), isNull(twoFactorRecoveryCodes.usedAt)),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(used);
}

/** The answer to a wrong (or replayed) code, on the form field it came in. */
export function invalidCodeError(field = "code"): AppError {
  return new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { [field]: SECURITY_MESSAGES.codeInvalid });
}
