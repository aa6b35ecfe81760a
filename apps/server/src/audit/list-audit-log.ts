import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AuditEntry, auditLogFilters, auditLogQuery } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { resolvePerson } from "./resolve-person.js";

type Query = z.output<typeof auditLogQuery>;
type Filters = z.output<typeof auditLogFilters>;
export type AuditLogPage = { page: number; page_size: number; total: number; entries: AuditEntry[] };

type Row = {
  id: string;
  action: string;
  actor_id: string | null;
  actor_username: string | null;
  target_type: string | null;
  target_id: string | null;
  target_username: string | null;
  data: Record<string, unknown>;
  created_at: string | Date;
  total: number;
};

/**
 * The audit log, newest first, filtered by action (exact, or a prefix ending in "."), actor and
 * target (a user id or username: rows about that account; otherwise any target id) and UTC days.
 */
export async function listAuditLog(options: { db: Db; query: Query }): Promise<AuditLogPage> {
  const { db, query } = options;
  const filters = await auditLogConditions(db, query);
  if (!filters) return { page: query.page, page_size: query.page_size, total: 0, entries: [] };
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  const rows = await queryRows<Row>(
    db,
    sql`
    with page as (
      select a.*, count(*) over () as total from audit_log a ${where}
      order by a.created_at desc, a.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}
    )
    select p.id::text as id, p.action, p.actor_id, ap.username as actor_username, p.target_type, p.target_id,
      coalesce(tp.username, up.username) as target_username, p.data, p.created_at, p.total::int as total
    from page p
    left join profiles ap on ap.id = p.actor_id
    left join profiles tp on p.target_type = 'user' and tp.id::text = p.target_id
    left join profiles up on up.id::text = p.data->>'user_id'
    order by p.created_at desc, p.id desc`,
  );
  const total = rows.length ? Number(rows[0]!.total) : await countAll(db, where);
  return {
    page: query.page,
    page_size: query.page_size,
    total,
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actor_id ? { id: r.actor_id, username: r.actor_username } : null,
      target_type: r.target_type,
      target_id: r.target_id,
      target_username: r.target_username,
      data: r.data ?? {},
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * The log's filters as conditions on `audit_log a` (shared with its CSV export); null when they
 * can match nothing (an actor who does not exist).
 */
export async function auditLogConditions(db: Db, query: Filters): Promise<SQL[] | null> {
  const filters: SQL[] = [];
  if (query.action) {
    filters.push(
      query.action.endsWith(".") ? sql`a.action like ${`${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`a.action = ${query.action}`,
    );
  }
  if (query.actor) {
    const actorId = await resolvePerson(db, query.actor);
    if (!actorId) return null;
    filters.push(sql`a.actor_id = ${actorId}::uuid`);
  }
  if (query.target) {
    const userId = await resolvePerson(db, query.target);
    filters.push(userId ? sql`(a.target_id = ${userId} or a.data->>'user_id' = ${userId})` : sql`a.target_id = ${query.target}`);
  }
  if (query.from) filters.push(sql`a.created_at >= (${query.from}::timestamp at time zone 'UTC')`);
  if (query.to) filters.push(sql`a.created_at < ((${query.to}::date + 1)::timestamp at time zone 'UTC')`);
  return filters;
}

/** A page past the end has no rows to carry the window count. */
async function countAll(db: Db, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log a ${where}`);
  return Number(row?.n ?? 0);
}
