import { parseCoin, type Withdrawal } from "@p2p/shared";
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { withdrawals } from "../db/schema.js";
import type { AppError } from "../http/errors.js";
import type { Posting } from "../ledger/post-transfer.js";
import { postTransfer } from "../ledger/post-transfer.js";
import { transact } from "../db/transact.js";
import { requireUuid } from "./ids.js";
import { findNetwork } from "../networks/find-network.js";
import { presentWithdrawal } from "./present.js";
import { notify } from "../notifications/notify.js";
import { withdrawalDecisionNotice } from "../audit/wallet-notices.js";
import { auditReview, casPending } from "./review.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

type WithdrawalRow = typeof withdrawals.$inferSelect;

export type Settlement = {
  status: "sent" | "rejected" | "cancelled";
  transfer: "withdrawal_sent" | "withdrawal_reject" | "withdrawal_cancel";
  /** Columns besides status (tx_hash, reject_reason, reviewer). */
  set: Record<string, unknown>;
  /** What the audit row records about the decision. */
  audit: Record<string, string>;
  /** The statuses it may end from (pending by default), a further condition, and why that condition refuses. */
  from?: readonly string[];
  where?: SQL;
  refused?: () => AppError;
};

/**
 * The ledger side of an ended withdrawal. Sent: the amount leaves `withdrawing`, the network fee
 * goes to the coin's fee account and the rest to custody (it left the platform's wallets).
 * Rejected or cancelled: the whole amount returns to available.
 */
export function settlementPostings(row: WithdrawalRow, status: Settlement["status"]): Posting[] {
  const amount = parseCoin(row.amount);
  const out: Posting = { account: { kind: "withdrawing", userId: row.userId }, amount: -amount };
  if (status !== "sent") return [out, { account: { kind: "available", userId: row.userId }, amount }];
  const fee = parseCoin(row.networkFee);
  const postings: Posting[] = [out, { account: { kind: "custody" }, amount: amount - fee }];
  if (fee > 0n) postings.push({ account: { kind: "fees" }, amount: fee });
  return postings;
}

/**
 * Ends a withdrawal: its compare-and-set (from → status) and the move out of withdrawing, in one
 * transaction, once (the ledger's unique (withdrawal, kind) key holds under any race).
 */
export async function settleWithdrawal(
  /** ownerId: the owner cancelling; reviewerId: the admin deciding, who may not be the owner; actorId null: the chain check. */
  options: { db: Db | Tx; actorId: string | null; withdrawalId: string; ownerId?: string; reviewerId?: string },
  settlement: Settlement,
): Promise<Withdrawal> {
  const { db, actorId, withdrawalId, ownerId, reviewerId } = options;
  requireUuid(withdrawalId, "withdrawal");
  return transact(db, async (tx) => {
    const row = await casPending(tx, withdrawals, {
      id: withdrawalId,
      ownerId,
      reviewerId,
      from: settlement.from,
      where: settlement.where,
      refused: settlement.refused,
      set: { status: settlement.status, ...settlement.set },
    });
    await postTransfer(tx, {
      kind: settlement.transfer,
      coin: row.coin,
      withdrawalId: row.id,
      actorId,
      postings: settlementPostings(row, settlement.status),
    });
    await auditReview(tx, actorId ?? row.reviewedBy ?? row.userId, `withdrawal.${settlement.status}`, "withdrawal", row.id, {
      coin: row.coin,
      network: row.network,
      amount: row.amount,
      network_fee: row.networkFee,
      user_id: row.userId,
      ...settlement.audit,
    });
    await notify(
      tx,
      [withdrawalDecisionNotice(row, settlement.status)].filter((n) => n !== null),
    );
    await adminQueueChanged(tx, "withdrawals");
    return presentWithdrawal(row, await findNetwork(tx, row.coin, row.network));
  });
}
