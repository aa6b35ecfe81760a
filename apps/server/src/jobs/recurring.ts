import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { jobs } from "../db/schema.js";
import { insertTarget } from "../db/sql-names.js";
import { enqueueJob, type JobRunner } from "./runner.js";

/**
 * Housekeeping that repeats (pruning old events, abandoned uploads): each run queues the next, so
 * exactly one is pending whatever the number of server processes, and a crash mid-run is retried
 * like any job.
 */
export function registerRecurringJob(jobs: JobRunner, kind: string, everyMs: number, run: (db: Db) => Promise<unknown>): void {
  jobs.register(kind, async (_payload, { db }) => {
    await run(db);
    await enqueueJob(db, kind, {}, { runAt: new Date(Date.now() + everyMs) });
  });
}

/** Makes sure one run is queued (at start; every process may call it, an extra one is harmless). */
export async function scheduleRecurringJob(db: Db, kind: string): Promise<void> {
  await db.execute(sql`
    insert into ${sql.raw(insertTarget(jobs, ["kind", "payload", "runAt"]))}
    select ${kind}, '{}'::jsonb, now()
    where not exists (select 1 from ${jobs} where ${jobs.kind} = ${kind} and ${jobs.doneAt} is null and ${jobs.failedAt} is null)`);
}
