import { showRelative } from "@/i18n/format";

/** "just now", "5 minutes ago", "yesterday": how long ago something happened. */
export const formatAge = (iso: string, now = Date.now()) => showRelative(iso, now, "long");

/** "just now", "5m ago", "3h ago": for tight list rows on phones. */
export const formatAgeShort = (iso: string, now = Date.now()) => showRelative(iso, now, "narrow");

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
