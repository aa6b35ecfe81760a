/**
 * When a withdrawal lock ends, in words a Nigerian user reads at a glance: "14 Mar 2026, 15:05 WAT"
 * (West Africa Time, the product's time zone), never a raw ISO timestamp. Rounded up to the next
 * whole minute, so a retry at the time shown is never still refused.
 */
const lagos = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Lagos",
});

export function formatLockEnd(at: Date): string {
  const minute = 60_000;
  const roundedUp = new Date(Math.ceil(at.getTime() / minute) * minute);
  return `${lagos.format(roundedUp)} WAT`;
}
