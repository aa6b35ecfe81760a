/*
 * Trading fees (docs/TRADING.md "Fees"): a per-coin rate in basis points, paid by the merchant in
 * the coin when an order completes. Pure bigint arithmetic in the coin's smallest unit (1e-8), so
 * the server's ledger and the screens that preview a fee count alike. Zod-free.
 */

/** 1 basis point is 0.01 %. */
export const BPS_PER_WHOLE = 10_000;
/** The highest rate an admin may set: 10 %. */
export const MAX_FEE_BPS = 1_000;
/** A new merchant pays no fee on orders created in their first 30 days as a merchant. */
export const MERCHANT_FREE_DAYS = 30;
export const MERCHANT_FREE_MS = MERCHANT_FREE_DAYS * 24 * 60 * 60 * 1000;

/** Why an order's fee is zero although its coin has a rate. */
export const FEE_WAIVERS = ["new_merchant"] as const;
export type FeeWaiver = (typeof FEE_WAIVERS)[number];

/** The fee on an amount of coin units at a rate, rounded down (in the merchant's favour). */
export function feeFor(coinUnits: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BPS) throw new RangeError(`fee rate out of range: ${bps}`);
  return (coinUnits * BigInt(bps)) / BigInt(BPS_PER_WHOLE);
}

/** Whether a merchant since `since` still pays nothing at `at`: free before 30 days have passed, charged from that instant on. */
export function inFreePeriod(since: Date | null, at: Date): boolean {
  return since !== null && at.getTime() < since.getTime() + MERCHANT_FREE_MS;
}

/** When a merchant's free period ends. */
export function freePeriodEnd(since: Date): Date {
  return new Date(since.getTime() + MERCHANT_FREE_MS);
}

/**
 * How an order's coins move, in units. The order's side is the creator's: `buy` means the
 * merchant sells, so escrow holds the amount plus the fee from the merchant and the buyer gets
 * the amount; `sell` means the merchant buys, so escrow holds the user's amount and the merchant
 * receives it less the fee. A refund returns `locked` to the seller either way.
 */
export function feeSplit(order: { side: string; coinUnits: bigint; feeUnits: bigint }): { locked: bigint; toBuyer: bigint; fee: bigint } {
  const { coinUnits, feeUnits } = order;
  return order.side === "buy"
    ? { locked: coinUnits + feeUnits, toBuyer: coinUnits, fee: feeUnits }
    : { locked: coinUnits, toBuyer: coinUnits - feeUnits, fee: feeUnits };
}

/** A rate as a percentage text for people: 50 → "0.5", 125 → "1.25", 0 → "0". */
export function feePercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(bps % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return rest ? `${whole}.${rest}` : String(whole);
}
