import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { twoFactorEnabled, useSecondFactor } from "./second-factor.js";

/**
 * A money-moving step (a withdrawal, a release from escrow) by an account with two-factor on
 * needs a fresh code (DESIGN §6). Run it inside the step's own transaction: a step refused later
 * rolls the code's use back with it, so the same code can be tried again.
 */
export async function requireStepUp(tx: Db | Tx, sessionSecret: string, userId: string, code: string | undefined): Promise<void> {
  if (!(await twoFactorEnabled(tx, userId))) return;
  if (!code) throw new AppError("TWO_FACTOR_REQUIRED", SECURITY_MESSAGES.stepUpRequired);
  if (!(await useSecondFactor(tx, sessionSecret, userId, code))) {
    throw new AppError("INVALID_TWO_FACTOR_CODE", SECURITY_MESSAGES.codeInvalid, { two_factor_code: SECURITY_MESSAGES.codeInvalid });
  }
}
