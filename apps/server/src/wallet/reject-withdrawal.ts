import { WALLET_TEXTS, type Withdrawal } from "@p2p/shared";
import { isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { withdrawals } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { reviewedNow } from "./review.js";
import { settleWithdrawal } from "./settle-withdrawal.js";

/**
 * An admin refuses a withdrawal while it waits for approval, or approved until it goes into a
 * payout batch (the signer may be paying it from then on): the coins return to the user's
 * available balance.
 */
export function rejectWithdrawal(options: { db: Db | Tx; adminId: string; withdrawalId: string; reason: string }): Promise<Withdrawal> {
  return settleWithdrawal(
    { db: options.db, actorId: options.adminId, reviewerId: options.adminId, withdrawalId: options.withdrawalId },
    {
      status: "rejected",
      transfer: "withdrawal_reject",
      set: { rejectReason: options.reason, ...reviewedNow(options.adminId) },
      audit: { reason: options.reason },
      from: ["pending", "approved"],
      where: isNull(withdrawals.batchId),
      refused: () => new AppError("CONFLICT", WALLET_TEXTS.inPayoutBatch),
    },
  );
}
