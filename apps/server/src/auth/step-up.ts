import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { checkSecondFactor, invalidCodeError, twoFactorEnabled, useSecondFactor } from "./second-factor.js";

declare const counted: unique symbol;

/**
 * A step's code (or its absence) after `checkStepUp`: only that function makes one, and only one
 * gets through `requireStepUp`, so no step can use a code whose wrong guesses were not counted.
 */
export type CheckedStepUp = { readonly userId: string; readonly code: string | undefined; readonly [counted]: true };

/**
 * A money-moving step (a withdrawal, a release from escrow, any later one) by an account with
 * two-factor on needs a fresh code (DESIGN §6), in two calls that the types chain:
 *
 * - `checkStepUp` on the server's own `Db`, before the step's transaction: a sent code is checked
 *   against the account's budget of wrong codes, and a wrong one is counted even though the step
 *   then rolls back (TOO_MANY_WRONG_CODES once the budget is spent).
 * - `requireStepUp` inside the step's own transaction uses the code up: a step refused later rolls
 *   the code's use back with it, so the same code can be tried again. A step whose own statement
 *   already read whether the account has two-factor on (`twoFactorEnabledSql`) passes that answer.
 */
export async function checkStepUp(
  db: Db,
  sessionSecret: string,
  userId: string,
  code: string | undefined,
  ip: string | undefined,
): Promise<CheckedStepUp> {
  if (code && (await twoFactorEnabled(db, userId)) && !(await checkSecondFactor(db, sessionSecret, userId, code, ip))) {
    throw invalidCodeError("two_factor_code");
  }
  return { userId, code } as CheckedStepUp;
}

export async function requireStepUp(tx: Db | Tx, sessionSecret: string, stepUp: CheckedStepUp, twoFactorOn?: boolean): Promise<void> {
  const { userId, code } = stepUp;
  if (!(twoFactorOn ?? (await twoFactorEnabled(tx, userId)))) return;
  if (!code) throw new AppError("TWO_FACTOR_REQUIRED", SECURITY_MESSAGES.stepUpRequired);
  if (!(await useSecondFactor(tx, sessionSecret, userId, code))) throw invalidCodeError("two_factor_code");
}
