import { sql } from "drizzle-orm";
import type { Withdrawal } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { settleWithdrawal } from "./settle-withdrawal.js";

/** The user takes back their own pending withdrawal; another user's id is 404. */
export function cancelWithdrawal(options: { db: Db | Tx; userId: string; withdrawalId: string }): Promise<Withdrawal> {
  return settleWithdrawal(
    { db: options.db, actorId: options.userId, withdrawalId: options.withdrawalId, ownerId: options.userId },
    { status: "cancelled", transfer: "withdrawal_cancel", set: { reviewedAt: sql`now()` }, audit: {} },
  );
}
