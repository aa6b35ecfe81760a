import { COIN_SCALE } from "@p2p/shared";

/** Coin amounts are NUMERIC(28, 8): at most 20 whole digits. */
const COIN_LIMIT = 10n ** 28n;

/** An on-chain amount in the network's `decimals` as the coin's 1e-8 units, rounded down: never more than is there. */
export function scaleToCoinUnits(value: bigint, decimals: number): bigint {
  return decimals >= COIN_SCALE ? value / 10n ** BigInt(decimals - COIN_SCALE) : value * 10n ** BigInt(COIN_SCALE - decimals);
}

/**
 * A transfer's raw token units (the chain's integer, `decimals` places) as the coin's 1e-8 units,
 * truncated down: a token with more places than 8 never credits a fraction it did not carry.
 * Null when the amount does not fit a coin amount (no real transfer does).
 */
export function tokenUnitsToCoin(value: bigint, decimals: number): bigint | null {
  if (value < 0n) return null;
  const units = scaleToCoinUnits(value, decimals);
  return units < COIN_LIMIT ? units : null;
}

/** A coin amount (1e-8 units) as the token's smallest units, or null when the token cannot carry it exactly. */
export function coinToTokenUnits(units: bigint, decimals: number): bigint | null {
  if (decimals >= COIN_SCALE) return units * 10n ** BigInt(decimals - COIN_SCALE);
  const step = 10n ** BigInt(COIN_SCALE - decimals);
  return units % step === 0n ? units / step : null;
}
