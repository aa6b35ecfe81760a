import { COIN_SCALE } from "@p2p/shared";

/** Coin amounts are NUMERIC(28, 8): at most 20 whole digits. */
const COIN_LIMIT = 10n ** 28n;

/**
 * A transfer's raw token units (the chain's integer, `decimals` places) as the coin's 1e-8 units,
 * truncated down: a token with more places than 8 never credits a fraction it did not carry.
 * Null when the amount does not fit a coin amount (no real transfer does).
 */
export function tokenUnitsToCoin(value: bigint, decimals: number): bigint | null {
  if (value < 0n) return null;
  const units = decimals >= COIN_SCALE ? value / 10n ** BigInt(decimals - COIN_SCALE) : value * 10n ** BigInt(COIN_SCALE - decimals);
  return units < COIN_LIMIT ? units : null;
}
