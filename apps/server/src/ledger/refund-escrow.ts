import type { Tx } from "../db/client.js";
import { escrowAmounts, type EscrowOrder } from "./lock-escrow.js";
import { postTransfer } from "./post-transfer.js";

/** Returns everything escrowed, a merchant's fee included, to the seller when the order is cancelled. */
export async function refundEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  const { locked } = escrowAmounts(order);
  await postTransfer(tx, {
    kind: "escrow_refund",
    coin: order.coin,
    orderId: order.id,
    actorId,
    postings: [
      { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount: -locked },
      { account: { kind: "available", userId: order.sellerId }, amount: locked },
    ],
  });
}
