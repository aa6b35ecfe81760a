import { NO_SUCH, WALLET_TEXTS, fillTemplate, type Withdrawal } from "@p2p/shared";
import { and, count, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { withdrawalApprovals, withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { requireUuid } from "./ids.js";
import { presentWithdrawal } from "./present.js";
import { auditReview, ownRequest, reviewedNow } from "./review.js";
import { approvalsRequired } from "./second-approval.js";

/**
 * An admin approves a pending withdrawal (DESIGN §2): never their own, once per admin (the
 * primary key holds under a race), audited. It becomes `approved`, ready for a payout batch, with
 * one approval, or with two from different admins above its coin's two-admin amount.
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
    const [approval] = await tx.insert(withdrawalApprovals).values({ withdrawalId, adminId }).onConflictDoNothing().returning();
    if (!approval) throw new AppError("CONFLICT", WALLET_TEXTS.alreadyApproved);
    const [given] = await tx.select({ n: count() }).from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, withdrawalId));
    const needed = approvalsRequired(twoAdminsAbove, row);
    let current: typeof row | undefined = row;
    if (given!.n >= needed) {
      [current] = await tx
        .update(withdrawals)
        .set({ status: "approved", ...reviewedNow(adminId) })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, "pending")))
        .returning();
    }
    await auditReview(tx, adminId, "withdrawal.approved", "withdrawal", row.id, {
      coin: row.coin,
      network: row.network,
      amount: row.amount,
      user_id: row.userId,
      approvals: `${given!.n} of ${needed}`,
    });
    await adminQueueChanged(tx, "withdrawals");
    return presentWithdrawal(current!);
  });
}
