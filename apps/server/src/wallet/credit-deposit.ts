import { parseCoin } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import type { deposits } from "../db/schema.js";
import { postTransfer } from "../ledger/post-transfer.js";
import { notify } from "../notifications/notify.js";
import { depositDecisionNotice } from "../audit/wallet-notices.js";

/**
 * The one way coins enter a user's balance: custody → the user's available, once per deposit
 * (the ledger's unique deposit transfer refuses a second), with the user's notice. `actorId` is the
 * admin who confirmed a manual deposit, or null for the chain watcher.
 */
export async function creditDeposit(tx: Tx, row: typeof deposits.$inferSelect, actorId: string | null): Promise<void> {
  const amount = parseCoin(row.amount);
  await postTransfer(tx, {
    kind: "deposit",
    coin: row.coin,
    depositId: row.id,
    actorId,
    postings: [
      { account: { kind: "custody" }, amount: -amount },
      { account: { kind: "available", userId: row.userId }, amount },
    ],
  });
  await notify(tx, [depositDecisionNotice(row, "confirmed")]);
}
