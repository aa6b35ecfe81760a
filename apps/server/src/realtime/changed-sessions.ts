import { sql } from "drizzle-orm";
import { DEFAULT_ROLE } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import type { TopicUser } from "./topics.js";

/** Each open session with a role its sockets hold, as two comma-separated lists in the same order. */
export type HeldSessions = { ids: string; roles: string };

/** A session with a role held: how the check's parameters and its answer are matched to sockets. */
export const heldKey = (sessionId: string, role: string) => `${sessionId}|${role}`;

export function heldSessionsOf(holders: Iterable<{ user: TopicUser }>): HeldSessions {
  const pairs = new Map<string, TopicUser>();
  for (const { user } of holders) pairs.set(heldKey(user.sessionId, user.role), user);
  const users = [...pairs.values()];
  return { ids: users.map((u) => u.sessionId).join(","), roles: users.map((u) => u.role).join(",") };
}

/**
 * Of the held sessions, those that ended (signed out, expired, suspended: `live` false) or whose
 * role is no longer the held one (`live` true): almost always none. Two text parameters, not one
 * per socket: a statement built from 10,000 fragments held the event loop.
 */
export function changedSessions(db: Db, held: HeldSessions): Promise<{ id: string; held_role: string; live: boolean }[]> {
  return queryRows(
    db,
    sql`select a.id, a.held_role, u.id is not null as live
        from unnest(string_to_array(${held.ids}, ',')::uuid[], string_to_array(${held.roles}, ',')) as a(id, held_role)
        left join sessions s on s.id = a.id and s.revoked_at is null and s.expires_at > now()
        left join users u on u.id = s.user_id and u.suspended_at is null
        left join user_roles r on r.user_id = u.id
        where u.id is null or coalesce(r.role::text, ${DEFAULT_ROLE}) <> a.held_role`,
  );
}
