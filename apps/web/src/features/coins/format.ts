import { formatCoin, formatNaira } from "@p2p/shared";

/**
 * Display formatting for the trading screens. Intl formats the decimal string itself (no float
 * in between), so "150000.50" shows exactly; bigint minor units go through the shared
 * formatter to a string first. Nothing here is ever parsed back or used for arithmetic.
 */
type Decimal = `${number}`;

const nairaFormat = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const nairaCompact = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", notation: "compact", maximumFractionDigits: 1 });
const coinFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 8 });
const signedCoinFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 8, signDisplay: "exceptZero" });
const scoreFormat = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTimeFormat = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "150000.5" → "₦150,000.50" */
export const showNaira = (amount: string) => nairaFormat.format(amount as Decimal);
/** 15000050n kobo → "₦150,000.50" */
export const showNairaUnits = (kobo: bigint) => showNaira(formatNaira(kobo));
/** "1500000" → "₦1.5M", for chart axes and tight tiles. */
export const showNairaCompact = (amount: string) => nairaCompact.format(amount as Decimal);
/** "12.50000000" → "12.5" */
export const showCoin = (amount: string) => coinFormat.format(amount as Decimal);
/** 1250000000n → "12.5" */
export const showCoinUnits = (units: bigint) => showCoin(formatCoin(units));
/** "-12.50000000" → "-12.5", "3" → "+3": ledger movements. */
export const showSignedCoin = (amount: string) => signedCoinFormat.format(amount as Decimal);
/** Reputation to 2 decimals (spec §9). */
export const showScore = (score: string) => scoreFormat.format(score as Decimal);
/** Percentages to 1 decimal (spec §4). */
export const showPercent = (value: number) => `${percentFormat.format(value)}%`;
export const showDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** "3 min ago", "yesterday": for "updated" stamps; exact times go in a title attribute. */
export function showRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), "hour");
  return relativeFormat.format(Math.round(seconds / 86_400), "day");
}
