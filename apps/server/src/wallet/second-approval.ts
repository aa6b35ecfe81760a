import { parseCoin } from "@p2p/shared";

/** Approvals a withdrawal above its coin's two-admin amount needs; every other one needs one. */
export const APPROVALS_ABOVE_LIMIT = 2;

/** The coin's two-admin amount from WITHDRAWAL_TWO_ADMINS_ABOVE ("USDT=10000,PI=50000"), or null when it has none. */
export function twoAdminAmount(setting: string, coin: string): bigint | null {
  for (const pair of setting.split(",")) {
    const [symbol, amount] = pair.split("=");
    if (symbol === coin && amount) return parseCoin(amount);
  }
  return null;
}

/** How many different admins (never its owner) approve this withdrawal before it is paid: two above its coin's amount, else one. */
export function approvalsRequired(setting: string, withdrawal: { coin: string; amount: string }): number {
  const limit = twoAdminAmount(setting, withdrawal.coin);
  return limit !== null && parseCoin(withdrawal.amount) > limit ? APPROVALS_ABOVE_LIMIT : 1;
}
