import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.js";
import type { JobRunner } from "../jobs/runner.js";
import { registerRecurringJob, scheduleRecurringJob } from "../jobs/recurring.js";

const KIND = "uploads.prune_unattached";
const EVERY_MS = 60 * 60 * 1000;
/** Long enough to finish any form the image was picked for (a proof, an appeal, a message). */
export const UNATTACHED_UPLOAD_HOURS = 24;

/**
 * Images picked but never sent (the form was abandoned) are deleted hourly once a day old. An
 * attached image is never touched: it is part of an order's record.
 */
export function registerUploadJobs(jobs: JobRunner): void {
  registerRecurringJob(jobs, KIND, EVERY_MS, (db) => pruneUnattachedUploads(db));
}

export function schedulePruneUploads(db: Db): Promise<void> {
  return scheduleRecurringJob(db, KIND);
}

export async function pruneUnattachedUploads(db: Db, olderThanHours = UNATTACHED_UPLOAD_HOURS): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
          delete from uploads
          where attached_at is null and created_at < now() - make_interval(hours => ${olderThanHours})
          returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
