import { NO_SUCH, WALLET_TEXTS, fillTemplate, type Withdrawal } from "@p2p/shared";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { withdrawalApprovals, withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { requireUuid } from "./ids.js";
import { presentWithdrawal } from "./present.js";
import { auditReview, ownRequest } from "./review.js";
import { approvalsRequired } from "./second-approval.js";

/**
 * An admin approves a pending withdrawal above its coin's two-admin amount (DESIGN §2): never
 * their own, once per admin (the primary key holds under a race), audited. With two approvals
 * from different admins it may be marked sent.
 */
export async function approveWithdrawal(options: {
  db: Db | Tx;
  adminId: string;
  withdrawalId: string;
  twoAdminsAbove: string;
}): Promise<Withdrawal> {
  const { db, adminId, withdrawalId, twoAdminsAbove } = options;
  requireUuid(withdrawalId, "withdrawal");
  return transact(db, async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", NO_SUCH.withdrawal);
    if (row.userId === adminId) throw ownRequest();
    if (row.status !== "pending")
      throw new AppError("REQUEST_ALREADY_REVIEWED", fillTemplate(WALLET_TEXTS.withdrawalDecided, { status: row.status }));
    if (approvalsRequired(twoAdminsAbove, row) === 0) throw new AppError("CONFLICT", WALLET_TEXTS.approvalNotNeeded);
    const [approval] = await tx.insert(withdrawalApprovals).values({ withdrawalId, adminId }).onConflictDoNothing().returning();
    if (!approval) throw new AppError("CONFLICT", WALLET_TEXTS.alreadyApproved);
    await auditReview(tx, adminId, "withdrawal.approved", "withdrawal", row.id, { coin: row.coin, amount: row.amount, user_id: row.userId });
    await adminQueueChanged(tx, "withdrawals");
    return presentWithdrawal(row);
  });
}
