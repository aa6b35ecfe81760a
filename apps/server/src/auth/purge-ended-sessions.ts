import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deleteInBatches } from "../jobs/delete-in-batches.js";
import type { JobRunner } from "../jobs/runner.js";
import { registerRecurringJob, scheduleRecurringJob } from "../jobs/recurring.js";

const KIND = "auth.purge_ended_sessions";
const EVERY_MS = 60 * 60 * 1000;
/**
 * How long a session is kept after it expired or was revoked: a month of recently ended sessions
 * for a security review. The sessions list shows only live ones, so it never needs them.
 */
export const ENDED_SESSION_RETENTION_DAYS = 30;
const BATCH = 1_000;

/**
 * Sessions that ended more than the retention ago are deleted hourly, with their retired refresh
 * tokens (cascade). A refresh token of a deleted session gets the same 401 as one of an ended session.
 */
export function registerSessionPurgeJob(jobs: JobRunner): void {
  registerRecurringJob(jobs, KIND, EVERY_MS, (db) => purgeEndedSessions(db));
}

/** Makes sure one purge job is queued (at start). */
export function scheduleSessionPurge(db: Db): Promise<void> {
  return scheduleRecurringJob(db, KIND);
}

/**
 * In batches (`deleteInBatches`). SKIP LOCKED: a row a request's transaction holds (a suspension revoking every session, expired
 * ones too) is left for the next run rather than waited for: the purge never waits on a request,
 * so the two cannot deadlock.
 */
export function purgeEndedSessions(
  db: Db,
  { retentionDays = ENDED_SESSION_RETENTION_DAYS, batchSize = BATCH }: { retentionDays?: number; batchSize?: number } = {},
): Promise<number> {
  const endedBefore = sql`now() - make_interval(days => ${retentionDays})`;
  return deleteInBatches(
    db,
    batchSize,
    sql`with gone as (
          delete from sessions where id in (
            select id from sessions
            where expires_at < ${endedBefore} or revoked_at < ${endedBefore}
            limit ${batchSize}
            for update skip locked)
          returning 1)
        select count(*)::int as n from gone`,
  );
}
