import { formatCoin, parseCoin, WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import { count, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { withdrawalApprovals } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/** Approvals a withdrawal above its coin's two-admin amount needs before it is marked sent. */
export const APPROVALS_ABOVE_LIMIT = 2;

/** The coin's two-admin amount from WITHDRAWAL_TWO_ADMINS_ABOVE ("USDT=10000,PI=50000"), or null when it has none. */
export function twoAdminAmount(setting: string, coin: string): bigint | null {
  for (const pair of setting.split(",")) {
    const [symbol, amount] = pair.split("=");
    if (symbol === coin && amount) return parseCoin(amount);
  }
  return null;
}

/** How many approvals this withdrawal needs: two above its coin's amount, else none. */
export function approvalsRequired(setting: string, withdrawal: { coin: string; amount: string }): number {
  const limit = twoAdminAmount(setting, withdrawal.coin);
  return limit !== null && parseCoin(withdrawal.amount) > limit ? APPROVALS_ABOVE_LIMIT : 0;
}

/** Refuses to mark a withdrawal sent while it lacks the approvals its amount needs (409, nothing changes). */
export async function requireApprovals(tx: Tx, setting: string, withdrawal: { id: string; coin: string; amount: string }): Promise<void> {
  const needed = approvalsRequired(setting, withdrawal);
  if (needed === 0) return;
  const [row] = await tx.select({ n: count() }).from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, withdrawal.id));
  if (row!.n >= needed) return;
  const limit = formatCoin(twoAdminAmount(setting, withdrawal.coin)!).replace(/\.?0+$/, "");
  throw new AppError("CONFLICT", fillTemplate(WALLET_TEXTS.secondApprovalNeeded, { amount: limit, coin: withdrawal.coin }));
}
