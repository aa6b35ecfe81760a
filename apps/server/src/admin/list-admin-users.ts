import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AdminUser, adminListUsersQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { profiles, userRoles, users } from "../db/schema.js";
import { toE164 } from "../auth/phone-number.js";

type Query = z.output<typeof adminListUsersQuery>;
export type AdminUserPage = { page: number; page_size: number; total: number; users: AdminUser[] };

/** Accounts for the admin panel, newest first: the given ids, or those matching a search and role. */
export async function listAdminUsers(options: { db: Db; query: Query }): Promise<AdminUserPage> {
  const { db, query } = options;
  const where = adminUserFilters(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: profiles.username,
        fullName: users.fullName,
        email: users.email,
        phoneNumber: profiles.phoneNumber,
        role: userRoles.role,
        suspendedAt: users.suspendedAt,
        reputationScore: profiles.reputationScore,
        totalTrades: profiles.totalTrades,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(where),
  ]);
  return {
    page: query.page,
    page_size: query.page_size,
    total: total!.n,
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      full_name: r.fullName,
      email: r.email,
      phone_number: r.phoneNumber,
      role: r.role,
      suspended: r.suspendedAt !== null,
      reputation_score: r.reputationScore,
      total_trades: r.totalTrades,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** The list's filters (the given ids, or a search and role), shared with its CSV export. */
export function adminUserFilters(query: Pick<Query, "ids" | "role" | "q">): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.ids) filters.push(inArray(users.id, query.ids.length > 0 ? query.ids : [NO_ID]));
  if (query.role) filters.push(eq(userRoles.role, query.role));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A whole phone number, typed any way ("0803 000 0004"), also finds its stored E.164 form.
    const phone = toE164(query.q);
    filters.push(
      or(
        ilike(profiles.username, like),
        ilike(users.email, like),
        ilike(profiles.phoneNumber, like),
        phone ? eq(profiles.phoneNumber, phone) : undefined,
      ),
    );
  }
  return and(...filters);
}

/** `ids=` with nothing in it matches no one rather than everyone. */
const NO_ID = "00000000-0000-0000-0000-000000000000";
