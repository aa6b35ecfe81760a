import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { checkSecondFactor, invalidCodeError, twoFactorEnabled, useSecondFactor } from "./second-factor.js";

/**
 * A money-moving step (a withdrawal, a release from escrow, any later one) by an account with
 * two-factor on needs a fresh code (DESIGN §6), in two calls:
 *
 * - `checkStepUp` on the server's own `Db`, before the step's transaction: a sent code is checked
 *   against the account's budget of wrong codes, and a wrong one is counted even though the step
 *   then rolls back (TOO_MANY_WRONG_CODES once the budget is spent).
 * - `requireStepUp` inside the step's own transaction uses the code up: a step refused later rolls
 *   the code's use back with it, so the same code can be tried again.
 */
export async function checkStepUp(db: Db, sessionSecret: string, userId: string, code: string | undefined, ip: string | undefined): Promise<void> {
  if (!code || !(await twoFactorEnabled(db, userId))) return;
  if (!(await checkSecondFactor(db, sessionSecret, userId, code, ip))) throw invalidCodeError("two_factor_code");
}

export async function requireStepUp(tx: Db | Tx, sessionSecret: string, userId: string, code: string | undefined): Promise<void> {
  if (!(await twoFactorEnabled(tx, userId))) return;
  if (!code) throw new AppError("TWO_FACTOR_REQUIRED", SECURITY_MESSAGES.stepUpRequired);
  if (!(await useSecondFactor(tx, sessionSecret, userId, code))) throw invalidCodeError("two_factor_code");
}
