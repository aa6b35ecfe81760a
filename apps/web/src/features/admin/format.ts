import { i18n } from "@/i18n/i18n";

/**
 * How long ago something happened, compactly, in the reader's language: "12 min", "3 h 5 min",
 * "2 days"; null under a minute, which each caller words as "just now" in its own sentence.
 */
export function formatAge(iso: string, now: number): string | null {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return null;
  if (minutes < 60) return i18n.t("{{minutes}} min", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return minutes % 60 === 0 ? i18n.t("{{hours}} h", { hours }) : i18n.t("{{hours}} h {{minutes}} min", { hours, minutes: minutes % 60 });
  }
  return i18n.t("{{count}} days", { count: Math.floor(hours / 24) });
}

/** Waiting longer than this is flagged on a queue. */
export const SLOW_QUEUE_MINUTES = 60;
export const isOverdue = (iso: string, now: number, minutes = SLOW_QUEUE_MINUTES) => now - Date.parse(iso) > minutes * 60_000;

/** An order's short reference as people quote it: "#3F2A9C1B". */
export const shortId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** "0x1234…cdef": the ends of a long hash or address, which is how people compare them. */
export const middleEllipsis = (value: string, keep = 8) => (value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`);

/** Pending requests wait in a queue, the oldest first; decided ones read newest first, as listed. */
export function queueOrder<T extends { created_at: string }>(rows: T[], status: string): T[] {
  if (status !== "pending") return rows;
  return [...rows].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}
