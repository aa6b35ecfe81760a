import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { auditLogExportQuery } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { auditLogConditions } from "../audit/list-audit-log.js";
import { emptyExport, isoUtc, keysetExport, whereAll, type CsvExport } from "./csv-export.js";

const COLUMNS = ["id", "created_at", "action", "actor_id", "actor_username", "target_type", "target_id", "target_username", "data"] as const;

type Row = Record<(typeof COLUMNS)[number] | "key_time", string | null>;

/** The audit log with its filters, newest first like its page; keyed by (created_at, id). */
export async function auditLogExport(db: Db, query: z.output<typeof auditLogExportQuery>): Promise<CsvExport> {
  const filters = await auditLogConditions(db, query);
  if (!filters) return emptyExport(COLUMNS);
  return keysetExport(COLUMNS, (after: Row | null, limit) =>
    queryRows<Row>(
      db,
      sql`
      with page as (
        select a.* from audit_log a
        ${whereAll([...filters, ...(after ? [sql`(a.created_at, a.id) < (${after.key_time}::timestamptz, ${after.id}::bigint)`] : [])])}
        order by a.created_at desc, a.id desc
        limit ${limit}
      )
      select p.id::text as id, ${isoUtc(sql`p.created_at`)} as created_at, p.action, p.actor_id::text as actor_id,
        ap.username as actor_username, p.target_type, p.target_id, coalesce(tp.username, up.username) as target_username,
        p.data::text as data, p.created_at::text as key_time
      from page p
      left join profiles ap on ap.id = p.actor_id
      left join profiles tp on p.target_type = 'user' and tp.id::text = p.target_id
      left join profiles up on up.id::text = p.data->>'user_id'
      order by p.created_at desc, p.id desc`,
    ),
  );
}
