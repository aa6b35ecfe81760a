export { formatCoinAmount, formatDateTime, formatNaira, formatScore } from "@/features/dashboard/format";

const relative = new Intl.RelativeTimeFormat("en-NG", { numeric: "auto", style: "short" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now", "5 min. ago", "3 hr. ago", "yesterday": how long ago something happened. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return relative.format(-1, "minute");
}

const SHORT_UNITS: [string, number][] = [
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
];

/** "now", "5m ago", "3h ago", "2d ago": for tight list rows on phones. */
export function formatAgeShort(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return "just now";
  for (const [unit, size] of SHORT_UNITS) {
    if (seconds >= size) return `${Math.floor(seconds / size)}${unit} ago`;
  }
  return "1m ago";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 754_000 → "12:34"; 4_000_000 → "1:06:40". Never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The short reference people read out to support: the first 8 characters of the id. */
export const orderReference = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** Plain digits for pasting into a bank app: "150000.50" stays "150000.50", "150000.00" becomes "150000". */
export const nairaForBankApp = (amount: string) => amount.replace(/\.00$/, "");
