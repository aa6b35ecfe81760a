import { sql, type SQL } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { events, rightsChanges } from "../db/schema.js";
import { deleteInBatches } from "../jobs/delete-in-batches.js";
import type { JobRunner } from "../jobs/runner.js";
import { registerRecurringJob, scheduleRecurringJob } from "../jobs/recurring.js";

const KIND = "realtime.prune_events";
const EVERY_MS = 60 * 60 * 1000;
const BATCH = 10_000;

/**
 * Events older than the retention (EVENT_RETENTION_DAYS, 7) are deleted hourly, and the rights
 * changes as old with them. A client resuming from an older id gets what is left and should
 * refetch its screens.
 */
export function registerRealtimeJobs(jobs: JobRunner, config: Config): void {
  registerRecurringJob(jobs, KIND, EVERY_MS, (db) => pruneEvents(db, config.EVENT_RETENTION_DAYS));
}

/** Deletes what is past the retention; answers how many events went. */
export async function pruneEvents(db: Db, retentionDays: number): Promise<number> {
  const pruned = await deleteInBatches(db, BATCH, olderThan(events, retentionDays));
  await deleteInBatches(db, BATCH, olderThan(rightsChanges, retentionDays));
  return pruned;
}

function olderThan(table: typeof events | typeof rightsChanges, retentionDays: number): SQL {
  return sql`with gone as (
      delete from ${table} where id in (
        select id from ${table} where created_at < now() - make_interval(days => ${retentionDays}) order by id limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`;
}

/** Makes sure one prune job is queued (at start). */
export function schedulePruneEvents(db: Db): Promise<void> {
  return scheduleRecurringJob(db, KIND);
}
