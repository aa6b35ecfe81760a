/**
 * Where the tab's first subscriptions start. The session read carries each standing topic's
 * newest event id, read before its answer left the server (`realtime_cursors`). Every read that
 * starts after that answer arrived is newer than those ids, so a subscription that resumes from
 * them is replayed what such reads may have missed, and they need not be read again.
 */
export type ResumePoint = { after: number; readAt: number };

/**
 * Older than this, a cursor no longer starts a subscription (the topic is read again instead): it
 * would replay every event since, and the server keeps events for days, not for ever.
 */
export const RESUME_POINT_MAX_AGE_MS = 60_000;

const points = new Map<string, ResumePoint>();

/**
 * Notes a session answer's cursors; `readAt` (on `performance.now()`'s clock, as the reads' starts
 * in fetch-starts.ts) must not be before the answer arrived.
 */
export function noteRealtimeCursors(cursors: Readonly<Record<string, number>> | undefined, readAt = performance.now()): void {
  for (const [topic, after] of Object.entries(cursors ?? {})) points.set(topic, { after, readAt });
}

/** Where a first subscription to `topic` may start, or null: then the topic's screens read again. */
export function resumePoint(topic: string, now = performance.now()): ResumePoint | null {
  const point = points.get(topic);
  return point && now - point.readAt <= RESUME_POINT_MAX_AGE_MS ? point : null;
}
