import { parseCoin } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import type { EscrowOrder } from "./lock-escrow.js";
import { postTransfer } from "./post-transfer.js";

/**
 * Pays the escrowed coins to the buyer. The settlement unique index makes a second release or
 * refund of the same order fail, whatever the caller got wrong.
 */
export async function releaseEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  if (!order.buyerId) throw new Error(`order ${order.id} has no buyer to release to`);
  const amount = parseCoin(order.coinAmount);
  await postTransfer(tx, {
    kind: "escrow_release",
    coin: order.coin,
    orderId: order.id,
    actorId,
    postings: [
      { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount: -amount },
      { account: { kind: "available", userId: order.buyerId }, amount },
    ],
  });
}
