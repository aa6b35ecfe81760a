import { and, eq, gt, sql } from "drizzle-orm";
import { TWO_FACTOR_RESET_WINDOW_HOURS } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from "../db/schema.js";

/**
 * The recovery path of an account whose two-factor a thief turned on (docs/API.md, "Recovering
 * an account"): a password reset through the mailed link removes a second factor turned on within
 * the last 72 hours, with its recovery codes and pending challenges. The owner was mailed when it
 * was turned on; an older second factor is the owner's own and stays. Answers whether one went.
 */
export async function removeRecentTwoFactor(tx: Tx, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(twoFactorSecrets)
    .where(
      and(eq(twoFactorSecrets.userId, userId), gt(twoFactorSecrets.enabledAt, sql`now() - ${`${TWO_FACTOR_RESET_WINDOW_HOURS} hours`}::interval`)),
    )
    .returning({ userId: twoFactorSecrets.userId });
  if (removed.length === 0) return false;
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  return true;
}
