import type { Withdrawal } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { reviewedNow } from "./review.js";
import { settleWithdrawal } from "./settle-withdrawal.js";

/** An admin refuses a withdrawal: pending → rejected, and the coins return to the user's available balance. */
export function rejectWithdrawal(options: { db: Db | Tx; adminId: string; withdrawalId: string; reason: string }): Promise<Withdrawal> {
  return settleWithdrawal(
    { db: options.db, actorId: options.adminId, reviewerId: options.adminId, withdrawalId: options.withdrawalId },
    {
      status: "rejected",
      transfer: "withdrawal_reject",
      set: { rejectReason: options.reason, ...reviewedNow(options.adminId) },
      audit: { reason: options.reason },
    },
  );
}
