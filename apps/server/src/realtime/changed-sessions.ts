import { DEFAULT_ROLE } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { sqlString } from "../db/sql-names.js";
import type { TopicUser } from "./topics.js";

/** An open session with a role its sockets hold. */
export type HeldSession = { sessionId: string; role: string };

/** A session with a role held: how the check's parameters and its answer are matched to sockets. */
export const heldKey = (sessionId: string, role: string) => `${sessionId}|${role}`;

/** The sessions and roles the sockets hold, each pair once. */
export function heldSessionsOf(holders: Iterable<{ user: TopicUser }>): HeldSession[] {
  const pairs = new Map<string, HeldSession>();
  for (const { user } of holders) pairs.set(heldKey(user.sessionId, user.role), { sessionId: user.sessionId, role: user.role });
  return [...pairs.values()];
}

/**
 * Of the held sessions, those that ended (signed out, expired, suspended: `live` false) or whose
 * role is no longer the held one (`live` true): almost always none. Two text parameters, not one
 * per socket: a statement built from 10,000 fragments held the event loop. Each held session is
 * looked up by its keys (a subquery per session, which the planner cannot turn into a join): a
 * join read the whole sessions table, whose rows every message's "last used" rewrites, for a
 * tenth of a second's share of the sockets. Prepared, so it is planned once per connection.
 */
export function changedSessions(db: Db, held: HeldSession[]): Promise<{ id: string; held_role: string; live: boolean }[]> {
  const ids = held.map((h) => h.sessionId).join(",");
  const roles = held.map((h) => h.role).join(",");
  return runPrepared(db, CHANGED, [ids, roles]);
}

const CHANGED = prepared(`
  select x.id, x.held_role, x.role is not null as live from (
    select a.id, a.held_role, (
      select coalesce(r.role::text, ${sqlString(DEFAULT_ROLE)}) from sessions s
      join users u on u.id = s.user_id and u.suspended_at is null
      left join user_roles r on r.user_id = u.id
      where s.id = a.id and s.revoked_at is null and s.expires_at > now()
    ) as role
    from unnest(string_to_array($1, ',')::uuid[], string_to_array($2, ',')) as a(id, held_role)
  ) x
  where x.role is distinct from x.held_role`);
