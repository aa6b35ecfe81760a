import type { Tx } from "../db/client.js";
import { escrowAmounts, type EscrowOrder } from "./lock-escrow.js";
import { postTransfer, type Posting } from "./post-transfer.js";

/**
 * Pays the escrowed coins out in one transfer: the buyer's share to the buyer and the merchant's
 * fee, if any, to the coin's fee account. The settlement unique index makes a second release or
 * refund of the same order fail, whatever the caller got wrong.
 */
export async function releaseEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  if (!order.buyerId) throw new Error(`order ${order.id} has no buyer to release to`);
  const { locked, toBuyer, fee } = escrowAmounts(order);
  const postings: Posting[] = [
    { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount: -locked },
    { account: { kind: "available", userId: order.buyerId }, amount: toBuyer },
  ];
  if (fee > 0n) postings.push({ account: { kind: "fees" }, amount: fee });
  await postTransfer(tx, { kind: "escrow_release", coin: order.coin, orderId: order.id, actorId, postings });
}
