import { WALLET_TEXTS, type Deposit } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { deposits } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { presentDeposit } from "./present.js";
import { auditReview, casPending, reviewedNow } from "./review.js";
import { requireUuid } from "./ids.js";
import { creditDeposit } from "./credit-deposit.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { AppError } from "../http/errors.js";

/**
 * An admin confirms a deposit arrived: pending → confirmed, custody → the user's available, once;
 * never their own, nor one whose hash another live deposit holds (marked by migration 0015).
 */
export async function confirmDeposit(options: { db: Db | Tx; adminId: string; depositId: string }): Promise<Deposit> {
  const { db, adminId, depositId } = options;
  requireUuid(depositId, "deposit");
  return transact(db, async (tx) => {
    const row = await casPending(tx, deposits, { id: depositId, reviewerId: adminId, set: { status: "confirmed", ...reviewedNow(adminId) } });
    if (row.duplicateHash) throw new AppError("DUPLICATE_TX_HASH", WALLET_TEXTS.hashClaimedTwice);
    await creditDeposit(tx, row, adminId);
    await auditReview(tx, adminId, "deposit.confirmed", "deposit", row.id, { coin: row.coin, amount: row.amount, user_id: row.userId });
    await adminQueueChanged(tx, "deposits");
    return presentDeposit(row);
  });
}
