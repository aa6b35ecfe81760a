/**
 * Display formatting for decimal strings from the API. Intl formats the string itself
 * (no float in between), so "150000.50" is shown exactly; never parse money for arithmetic.
 */
const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const coin = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 8 });
const twoDecimals = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short" });

type Decimal = `${number}`;

/** "150000.5" → "₦150,000.50" */
export const formatNaira = (amount: string) => naira.format(amount as Decimal);
/** "12.50000000" → "12.5" */
export const formatCoinAmount = (amount: string) => coin.format(amount as Decimal);
/** Reputation score to 2 decimals (spec §9). */
export const formatScore = (score: string) => twoDecimals.format(score as Decimal);
/** Percentages to 1 decimal (spec §4). */
export const formatPercent = (value: number) => `${oneDecimal.format(value)}%`;
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
