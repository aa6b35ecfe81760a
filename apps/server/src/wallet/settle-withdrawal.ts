import { parseCoin, type Withdrawal } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { withdrawals } from "../db/schema.js";
import type { AccountRef } from "../ledger/accounts.js";
import { postTransfer } from "../ledger/post-transfer.js";
import { transact } from "../db/transact.js";
import { requireUuid } from "./ids.js";
import { presentWithdrawal } from "./present.js";
import { notify } from "../notifications/notify.js";
import { withdrawalDecisionNotice } from "../audit/wallet-notices.js";
import { auditReview, casPending } from "./review.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

export type Settlement = {
  status: "sent" | "rejected" | "cancelled";
  transfer: "withdrawal_sent" | "withdrawal_reject" | "withdrawal_cancel";
  /** Columns besides status (tx_hash, reject_reason, reviewer). */
  set: Record<string, unknown>;
  /** What the audit row records about the decision. */
  audit: Record<string, string>;
  /** A last check on the withdrawal once it is locked (the approvals it needs); throwing undoes everything. */
  guard?: (tx: Tx, row: typeof withdrawals.$inferSelect) => Promise<void>;
};

/**
 * Ends a pending withdrawal: its compare-and-set (pending → status) and the move out of
 * withdrawing (to custody when sent, back to available otherwise) in one transaction.
 */
export async function settleWithdrawal(
  /** ownerId: the owner cancelling; reviewerId: the admin deciding, who may not be the owner. */
  options: { db: Db | Tx; actorId: string; withdrawalId: string; ownerId?: string; reviewerId?: string },
  settlement: Settlement,
): Promise<Withdrawal> {
  const { db, actorId, withdrawalId, ownerId, reviewerId } = options;
  requireUuid(withdrawalId, "withdrawal");
  return transact(db, async (tx) => {
    const row = await casPending(tx, withdrawals, { id: withdrawalId, ownerId, reviewerId, set: { status: settlement.status, ...settlement.set } });
    await settlement.guard?.(tx, row);
    const amount = parseCoin(row.amount);
    const destination: AccountRef = settlement.status === "sent" ? { kind: "custody" } : { kind: "available", userId: row.userId };
    await postTransfer(tx, {
      kind: settlement.transfer,
      coin: row.coin,
      withdrawalId: row.id,
      actorId,
      postings: [
        { account: { kind: "withdrawing", userId: row.userId }, amount: -amount },
        { account: destination, amount },
      ],
    });
    await auditReview(tx, actorId, `withdrawal.${settlement.status}`, "withdrawal", row.id, {
      coin: row.coin,
      amount: row.amount,
      user_id: row.userId,
      ...settlement.audit,
    });
    await notify(
      tx,
      [withdrawalDecisionNotice(row, settlement.status)].filter((n) => n !== null),
    );
    await adminQueueChanged(tx, "withdrawals");
    return presentWithdrawal(row);
  });
}
