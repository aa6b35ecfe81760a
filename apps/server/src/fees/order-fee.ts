import { eq, sql, type SQL } from "drizzle-orm";
import { feeFor, formatCoin, freePeriodEnd, MERCHANT_FREE_MS, parseCoin, type FeeWaiver } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { userRoles } from "../db/schema.js";

/** An order's fee, fixed when it is created (or, for an open request, when a merchant claims it). */
export type OrderFee = { feeBps: number; feeAmount: string; feeWaiver: FeeWaiver | null };

/**
 * Whether the merchant (user_roles row in scope) is in their first 30 days on the database clock:
 * free strictly before the 30th day's instant, charged from it on.
 */
export const merchantFeeFreeSql: SQL<boolean> = sql<boolean>`coalesce(now() < ${userRoles.merchantSince} + make_interval(secs => ${sql.raw(String(MERCHANT_FREE_MS / 1000))}), false)`;

/** Whether a merchant pays no fee on an order created now. */
export async function isMerchantFeeFree(db: Db | Tx, merchantId: string): Promise<boolean> {
  const [row] = await queryRows<{ free: boolean }>(
    db,
    sql`select ${merchantFeeFreeSql} as free from ${userRoles} where ${userRoles.userId} = ${merchantId}`,
  );
  return row?.free === true;
}

/** When a merchant's free days end, or null for an account that never became a merchant. */
export async function feeFreeUntil(db: Db | Tx, merchantId: string): Promise<string | null> {
  const [row] = await db.select({ since: userRoles.merchantSince }).from(userRoles).where(eq(userRoles.userId, merchantId));
  return row?.since ? freePeriodEnd(row.since).toISOString() : null;
}

/** The fee on an order of `coinAmount` at the coin's rate: rounded down, or 0 and why for a merchant in their free days. */
export function orderFee(coinAmount: string, feeBps: number, merchantFree: boolean): OrderFee {
  if (merchantFree) return { feeBps, feeAmount: "0.00000000", feeWaiver: "new_merchant" };
  return { feeBps, feeAmount: formatCoin(feeFor(parseCoin(coinAmount), feeBps)), feeWaiver: null };
}

/** What a selling merchant's coins must cover for an order: its coins plus their fee. */
export function coinsWithFee(order: { coinAmount: string; feeAmount: string }): string {
  return formatCoin(parseCoin(order.coinAmount) + parseCoin(order.feeAmount));
}
