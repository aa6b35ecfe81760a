import { coinsForNaira, formatCoin, formatNaira, nairaForCoins, parseCoin, parseNaira } from "@p2p/shared";

export type AmountUnit = "naira" | "coin";

/** Both sides of a trade amount in minor units, from what the person typed in one unit. */
export type Amounts = { naira: bigint; coins: bigint };

function parseOrNull(text: string, parse: (t: string) => bigint): bigint | null {
  if (!text.trim()) return null;
  try {
    return parse(text.replace(/\.$/, ""));
  } catch {
    return null;
  }
}

/**
 * The server's own rule (shared helpers): naira entered buys coins rounded down; coins entered cost
 * their naira rounded half up to the kobo. null while the text is empty or not a number yet.
 */
export function computeAmounts(text: string, unit: AmountUnit, price: string | null): Amounts | null {
  const priceKobo = price ? parseOrNull(price, parseNaira) : null;
  if (unit === "naira") {
    const naira = parseOrNull(text, parseNaira);
    if (naira === null) return null;
    return { naira, coins: priceKobo ? coinsForNaira(naira, priceKobo) : 0n };
  }
  const coins = parseOrNull(text, parseCoin);
  if (coins === null) return null;
  return { coins, naira: priceKobo ? nairaForCoins(coins, priceKobo) : 0n };
}

/** Minor units as the plain text an amount field shows: "1500", "0.125" (no trailing zeros). */
export function unitsToInput(units: bigint, unit: AmountUnit): string {
  const text = unit === "naira" ? formatNaira(units) : formatCoin(units);
  return text.replace(/\.?0+$/, "");
}

/** The amount field of an order body: exactly one of naira_amount or coin_amount, at full scale. */
export function amountField(amounts: Amounts, unit: AmountUnit): { naira_amount: string } | { coin_amount: string } {
  return unit === "naira" ? { naira_amount: formatNaira(amounts.naira) } : { coin_amount: formatCoin(amounts.coins) };
}
