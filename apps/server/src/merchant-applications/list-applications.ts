import { asc, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminMerchantApplication, adminMerchantApplicationsQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { merchantApplications, profiles, userRoles, users } from "../db/schema.js";
import { applicantColumns, applicationColumns } from "./columns.js";
import { presentAdminApplication } from "./present.js";

type Query = z.output<typeof adminMerchantApplicationsQuery>;

/** The admins' queue: pending applications oldest first; decided ones most recently decided first. */
export async function listApplications(options: { db: Db; query: Query }) {
  const { db, query } = options;
  const where = eq(merchantApplications.status, query.status);
  const order =
    query.status === "pending"
      ? [asc(merchantApplications.createdAt), asc(merchantApplications.id)]
      : [desc(merchantApplications.reviewedAt), desc(merchantApplications.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ application: applicationColumns, applicant: applicantColumns })
      .from(merchantApplications)
      .innerJoin(users, eq(users.id, merchantApplications.userId))
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(merchantApplications).where(where),
  ]);
  return {
    page: query.page,
    page_size: query.page_size,
    total: total!.n,
    applications: rows.map((r): AdminMerchantApplication => presentAdminApplication(r.application, r.applicant)),
  };
}
