import type { Db } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";

/** Looks whose newest id a look reads after: a change written before a look and committed up to this many looks later is still found. */
const OVERLAP_LOOKS = 10;

/**
 * The safety net behind `publishRightsChanged`, for a signal that never came (a process that
 * died after its commit, a Redis outage, a change written outside the app): which users' rights
 * may have changed since the last look, read from `rights_changes` (written by triggers on
 * sessions, users and user_roles: migration 0024), and which sessions expired since then (no
 * write marks a session's time running out). Its cost follows the changes, not the sockets
 * open: reading every open socket's session each second was 12,000 lookups a second with
 * 10,000 idle sockets.
 *
 * Ids are taken when a change is written and seen when it commits, so a look reads after the
 * newest id of the look `OVERLAP_LOOKS` before, and each change is answered once.
 */
export class RightsWatch {
  /** The newest change id at each of the last looks, oldest first; null before the first. */
  private marks: number[] | null = null;
  /** Change ids after the oldest mark already answered. */
  private answered = new Set<number>();
  /** The database's clock at the last look: the sessions that expired after it are read next. */
  private lookedAt: string | null = null;

  constructor(private readonly db: Db) {}

  /** Takes the first marks: changes before this are not answered. Call before any socket is accepted. */
  async start(): Promise<void> {
    await this.changes();
  }

  /** Users whose rights may have changed since the last look, and the sessions that expired since. */
  async changes(): Promise<{ users: Set<string>; expiredSessions: Set<string> }> {
    const after = this.marks?.[0] ?? null;
    const [row] = await runPrepared<{ changes: { id: number; user_id: string }[]; expired: string[]; newest: string | number; at: string }>(
      this.db,
      LOOK,
      [after, this.lookedAt],
    );
    const users = new Set<string>();
    for (const change of row!.changes) {
      if (this.answered.has(change.id)) continue;
      this.answered.add(change.id);
      users.add(change.user_id);
    }
    const marks = [...(this.marks ?? []), Number(row!.newest)].slice(-OVERLAP_LOOKS);
    for (const id of this.answered) if (id <= marks[0]!) this.answered.delete(id);
    this.marks = marks;
    this.lookedAt = row!.at;
    return { users, expiredSessions: new Set(row!.expired) };
  }
}

// $1 null (the first look) reads no changes; $2 null, no expiries.
const LOOK = prepared(`
  select
    (select coalesce(json_agg(json_build_object('id', c.id, 'user_id', c.user_id) order by c.id), '[]')
      from rights_changes c where $1::bigint is not null and c.id > $1::bigint) as changes,
    (select coalesce(json_agg(s.id), '[]')
      from sessions s where $2::text is not null and s.expires_at > $2::timestamptz and s.expires_at <= now()) as expired,
    (select coalesce(max(id), 0) from rights_changes) as newest,
    now()::text as at`);
