import { ADMIN_TEXTS, NO_SUCH, fillTemplate } from "@p2p/shared";
import { and, eq, sql } from "drizzle-orm";
import type { AdminMerchantApplication } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { merchantApplications, profiles, userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { recordAdminAction } from "../audit/record-audit.js";
import { requireUuid } from "../wallet/ids.js";
import { applicantColumns, applicationColumns } from "./columns.js";
import { presentAdminApplication, type ApplicationRow } from "./present.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

export type Decision = { status: "approved" } | { status: "rejected"; reason: string };

/**
 * An admin decides a pending application, compare-and-set so two admins never both decide it.
 * Approval makes the applicant a merchant in the same transaction (an admin stays an admin); the
 * decision reaches the applicant as a merchant_application notification, and the audit log.
 */
export async function decideApplication(options: {
  db: Db;
  adminId: string;
  applicationId: string;
  decision: Decision;
}): Promise<AdminMerchantApplication> {
  const { db, adminId, applicationId, decision } = options;
  requireUuid(applicationId, "application");
  return transact(db, async (tx) => {
    const [row] = await tx
      .update(merchantApplications)
      .set({
        status: decision.status,
        rejectReason: decision.status === "rejected" ? decision.reason : null,
        reviewedBy: adminId,
        reviewedAt: sql`now()`,
      })
      .where(and(eq(merchantApplications.id, applicationId), eq(merchantApplications.status, "pending")))
      .returning(applicationColumns);
    if (!row) throw await alreadyDecided(tx, applicationId);

    if (decision.status === "approved") {
      await tx
        .update(userRoles)
        .set({ role: "merchant" })
        .where(and(eq(userRoles.userId, row.userId), eq(userRoles.role, "user")));
    }
    await recordAdminAction(tx, {
      actorId: adminId,
      action: `merchant_application.${decision.status}`,
      targetType: "merchant_application",
      targetId: row.id,
      data: { user_id: row.userId, business_name: row.businessName, ...(decision.status === "rejected" ? { reason: decision.reason } : {}) },
      notify: noticeFor(row, decision),
    });
    const [applicant] = await tx
      .select(applicantColumns)
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, row.userId));
    await adminQueueChanged(tx, "merchant_applications");
    return presentAdminApplication(row, applicant!);
  });
}

function noticeFor(row: ApplicationRow, decision: Decision) {
  return decision.status === "approved"
    ? {
        userId: row.userId,
        type: "merchant_application" as const,
        title: ADMIN_TEXTS.applicationApprovedTitle,
        message: fillTemplate(ADMIN_TEXTS.applicationApproved, { business: row.businessName }),
      }
    : {
        userId: row.userId,
        type: "merchant_application" as const,
        title: ADMIN_TEXTS.applicationRejectedTitle,
        message: fillTemplate(ADMIN_TEXTS.applicationRejected, { business: row.businessName, reason: decision.reason }),
      };
}

async function alreadyDecided(tx: Tx, applicationId: string): Promise<AppError> {
  const [current] = await tx
    .select({ status: merchantApplications.status })
    .from(merchantApplications)
    .where(eq(merchantApplications.id, applicationId));
  if (!current) return new AppError("NOT_FOUND", NO_SUCH.application);
  return new AppError("REQUEST_ALREADY_REVIEWED", fillTemplate(ADMIN_TEXTS.applicationDecided, { status: current.status }));
}
