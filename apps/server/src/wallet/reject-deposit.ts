import type { Deposit } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { deposits } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { requireUuid } from "./ids.js";
import { presentDeposit } from "./present.js";
import { notify } from "../notifications/notify.js";
import { depositDecisionNotice } from "../audit/wallet-notices.js";
import { auditReview, casPending, reviewedNow } from "./review.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

/** An admin rejects a deposit that did not arrive; nothing was credited, so nothing moves. */
export async function rejectDeposit(options: { db: Db | Tx; adminId: string; depositId: string; reason: string }): Promise<Deposit> {
  const { db, adminId, depositId, reason } = options;
  requireUuid(depositId, "deposit");
  return transact(db, async (tx) => {
    const row = await casPending(tx, deposits, {
      id: depositId,
      reviewerId: adminId,
      set: { status: "rejected", rejectReason: reason, ...reviewedNow(adminId) },
    });
    await auditReview(tx, adminId, "deposit.rejected", "deposit", row.id, { reason, user_id: row.userId });
    await notify(tx, [depositDecisionNotice(row, "rejected")]);
    await adminQueueChanged(tx, "deposits");
    return presentDeposit(row);
  });
}
