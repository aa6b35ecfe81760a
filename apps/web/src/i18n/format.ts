import { formatCoin, formatNaira, formatUnits, languageInfo } from "@p2p/shared";
import { formattersFor, type Formatters } from "./intl-formatters";
import { i18n } from "./i18n";
import { currentLanguage } from "./language";

/**
 * Numbers, money and dates for the reader's language, through Intl. Decimal strings from the
 * API are formatted as strings (no float in between), so "150000.50" shows exactly and a coin
 * amount keeps all 8 places it has; naira always shows the ₦ sign. Formatters are built once per
 * language. Nothing here is parsed back or used for arithmetic.
 */
type Decimal = `${number}`;

const cache = new Map<string, Formatters>();

/** The formatters of the language in use now. */
export function formatters() {
  const locale = languageInfo(currentLanguage()).locale;
  let found = cache.get(locale);
  if (!found) cache.set(locale, (found = formattersFor(locale)));
  return found;
}

/** "150000.5" → "₦150,000.50" (en), "150 000,50 ₦" (fr). */
export const showNaira = (amount: string) => formatters().naira.format(amount as Decimal);
/** 15000050n kobo → "₦150,000.50" */
export const showNairaUnits = (kobo: bigint) => showNaira(formatNaira(kobo));
/** "1500000" → "₦1.5M", for chart axes and tight tiles. */
export const showNairaCompact = (amount: string) => formatters().nairaCompact.format(amount as Decimal);
/** "1650" → "₦1,650": chart axes, where kobo would only crowd the labels. */
export const showNairaWhole = (amount: string) => formatters().nairaWhole.format(amount as Decimal);
/** "12.50000000" → "12.5": every significant place kept, never rounded away. */
export const showCoin = (amount: string) => formatters().coin.format(amount as Decimal);
/** 1250000000n → "12.5" */
export const showCoinUnits = (units: bigint) => showCoin(formatCoin(units));
/** "-12.50000000" → "-12.5", "3" → "+3": ledger movements. */
export const showSignedCoin = (amount: string) => formatters().signedCoin.format(amount as Decimal);
/** Counts: 1234 → "1,234". */
export const showCount = (value: number) => formatters().integer.format(value);
/** Reputation to 2 decimals (spec §9). */
export const showScore = (score: string) => formatters().twoDecimals.format(score as Decimal);
/** Percentages to 1 decimal (spec §4): 12.345 → "12.3%". */
export const showPercent = (value: number) => formatters().percent.format(value / 100);
/** A fee rate in basis points: 50 → "0.5%", 125 → "1.25%" (from its decimal text, no float). */
export const showFeeRate = (bps: number) => formatters().feeRate.format(formatUnits(BigInt(bps), 4) as Decimal);
export const showDateTime = (iso: string) => formatters().dateTime.format(new Date(iso));
export const showDate = (iso: string) => formatters().date.format(new Date(iso));
export const showTime = (iso: string) => formatters().time.format(new Date(iso));
/** "12 Jan": chart axes. */
export const showDayMonth = (iso: string) => formatters().dayMonth.format(new Date(iso));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now" under 45 s, else "5 minutes ago", "yesterday": how long ago (or until) something happens. */
export function showRelative(iso: string, now = Date.now(), style: "long" | "narrow" = "long"): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return i18n.t("just now");
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["minute", 60];
  const count = Math.max(1, Math.trunc(Math.abs(seconds) / size)) * Math.sign(seconds);
  // The shortest wording that is words: some locales' data (French narrow, Igbo, Yoruba) gives "-14 min",
  // which reads as a negative number; then a longer style, else our catalogs.
  const { relative, relativeShort, relativeNarrow } = formatters();
  for (const format of style === "long" ? [relative] : [relativeNarrow, relativeShort, relative]) {
    const text = format?.format(count, unit);
    if (text && !SIGNED.test(text)) return text;
  }
  return catalogRelative(count, unit);
}

/** A bare signed number ("-14 min", "+5 min"), after any direction marks. */
const SIGNED = /^[\u200e\u200f\u061c]*[-+\u2212]/;

/** Relative time from our catalogs, for languages the browser has no Intl data for. */
function catalogRelative(count: number, unit: Intl.RelativeTimeFormatUnit): string {
  const n = Math.abs(count);
  if (count < 0) {
    if (unit === "day") return i18n.t("{{count}} days ago", { count: n });
    if (unit === "hour") return i18n.t("{{count}} hours ago", { count: n });
    return i18n.t("{{count}} minutes ago", { count: n });
  }
  if (unit === "day") return i18n.t("in {{count}} days", { count: n });
  if (unit === "hour") return i18n.t("in {{count}} hours", { count: n });
  return i18n.t("in {{count}} minutes", { count: n });
}
