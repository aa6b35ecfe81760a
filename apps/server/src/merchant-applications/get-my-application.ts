import { desc, eq } from "drizzle-orm";
import type { MerchantApplication } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { merchantApplications } from "../db/schema.js";
import { applicationColumns } from "./columns.js";
import { presentApplication } from "./present.js";

/** The caller's latest application (pending, approved, or rejected with its reason), or null. */
export async function getMyApplication(options: { db: Db; userId: string }): Promise<MerchantApplication | null> {
  const [row] = await options.db
    .select(applicationColumns)
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, options.userId))
    .orderBy(desc(merchantApplications.createdAt))
    .limit(1);
  return row ? presentApplication(row) : null;
}
