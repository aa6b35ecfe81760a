/**
 * Money as bigint minor units: coins in 1e-8 units, naira in kobo (1e-2). Parsing is separate
 * from formatting; no JavaScript float ever touches an amount.
 */
export const COIN_SCALE = 8;
export const NAIRA_SCALE = 2;

const DECIMAL = /^(\d{1,20})(?:\.(\d+))?$/;

export class DecimalError extends Error {}

/** "12.5" → 1250000000n at scale 8. Refuses signs, exponents, and more places than the scale. */
export function parseUnits(text: string, scale: number): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new DecimalError(`"${text}" is not a decimal amount`);
  const [, whole, fraction = ""] = match;
  if (fraction.length > scale) throw new DecimalError(`"${text}" has more than ${scale} decimal places`);
  return BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, "0") || "0");
}

/** 1250000000n at scale 8 → "12.50000000" (always the full scale, as NUMERIC columns answer). */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(scale, "0");
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${fraction}` : ""}`;
}

/** "20.00000000" → "20", "12.50000000" → "12.5": a decimal as texts the server writes show it (the app's screens format through Intl). */
export function trimDecimal(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

export const parseCoin = (text: string) => parseUnits(text, COIN_SCALE);
export const formatCoin = (units: bigint) => formatUnits(units, COIN_SCALE);
export const parseNaira = (text: string) => parseUnits(text, NAIRA_SCALE);
export const formatNaira = (units: bigint) => formatUnits(units, NAIRA_SCALE);

/** True when text is a positive amount with at most `scale` places. */
export function isAmount(text: string, scale: number): boolean {
  try {
    return parseUnits(text, scale) > 0n;
  } catch {
    return false;
  }
}

const COIN_BASE = 10n ** BigInt(COIN_SCALE);

/** Naira (kobo) for a coin amount at a naira-per-coin price, rounded half up to the kobo. */
export function nairaForCoins(coinUnits: bigint, priceKobo: bigint): bigint {
  return (coinUnits * priceKobo + COIN_BASE / 2n) / COIN_BASE;
}

/** Coins for a naira amount at a price, rounded down: nobody receives more than was paid for. */
export function coinsForNaira(nairaKobo: bigint, priceKobo: bigint): bigint {
  if (priceKobo <= 0n) throw new DecimalError("price must be positive");
  return (nairaKobo * COIN_BASE) / priceKobo;
}

/** "₦1,234.50": naira for people to read (messages, notifications); never parsed back. */
export function displayNaira(kobo: bigint): string {
  const [whole, fraction] = formatNaira(kobo).replace("-", "").split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${kobo < 0n ? "-" : ""}₦${grouped}.${fraction}`;
}

/** A signed decimal (ledger entries, balances that may be negative such as custody). */
export function parseSignedUnits(text: string, scale: number): bigint {
  const trimmed = text.trim();
  return trimmed.startsWith("-") ? -parseUnits(trimmed.slice(1), scale) : parseUnits(trimmed, scale);
}
