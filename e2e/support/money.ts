/**
 * Coin amounts as the screens show them ("2,490", "12.5", "0.00000001"), turned into exact
 * integer units of 10⁻⁸ so the specs compare balances without floating point.
 */
const COIN_PLACES = 8;

export function coinUnits(shown: string): bigint {
  const text = shown.replace(/[,\s]/g, "").replace(/^\+/, "");
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new Error(`"${shown}" is not a coin amount`);
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(whole!) * 10n ** BigInt(COIN_PLACES) + BigInt(fraction.padEnd(COIN_PLACES, "0"));
  return sign ? -units : units;
}

/** 1250000000n → "12.5", for messages. */
export function showUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / 10n ** BigInt(COIN_PLACES);
  const fraction = (abs % 10n ** BigInt(COIN_PLACES)).toString().padStart(COIN_PLACES, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
