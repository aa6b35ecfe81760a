import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { usersExportQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { profiles, userRoles, users } from "../db/schema.js";
import { adminUserFilters } from "../admin/list-admin-users.js";
import { isoUtc, keysetExport, type CsvExport } from "./csv-export.js";

const COLUMNS = [
  "id",
  "username",
  "full_name",
  "email",
  "phone_number",
  "role",
  "email_confirmed",
  "suspended_at",
  "reputation_score",
  "total_trades",
  "language",
  "created_at",
] as const;

/** The admin users list with its filters, newest first like the list; keyed by (created_at, id). */
export function usersExport(db: Db, query: z.output<typeof usersExportQuery>): CsvExport {
  const where = adminUserFilters(query);
  return keysetExport(COLUMNS, (after: { key_time: string; id: string } | null, limit) =>
    db
      .select({
        id: users.id,
        username: profiles.username,
        full_name: users.fullName,
        email: users.email,
        phone_number: profiles.phoneNumber,
        role: userRoles.role,
        email_confirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
        suspended_at: sql<string | null>`${isoUtc(sql`${users.suspendedAt}`)}`,
        reputation_score: sql<string>`${profiles.reputationScore}::text`,
        total_trades: profiles.totalTrades,
        language: users.language,
        created_at: sql<string>`${isoUtc(sql`${users.createdAt}`)}`,
        // The key at full precision: a JavaScript Date would drop the microseconds.
        key_time: sql<string>`${users.createdAt}::text`,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(where, after ? sql`(${users.createdAt}, ${users.id}) < (${after.key_time}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
  );
}
