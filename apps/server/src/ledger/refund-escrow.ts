import { parseCoin } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import type { EscrowOrder } from "./lock-escrow.js";
import { postTransfer } from "./post-transfer.js";

/** Returns the escrowed coins to the seller when the order is cancelled. */
export async function refundEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  const amount = parseCoin(order.coinAmount);
  await postTransfer(tx, {
    kind: "escrow_refund",
    coin: order.coin,
    orderId: order.id,
    actorId,
    postings: [
      { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount: -amount },
      { account: { kind: "available", userId: order.sellerId }, amount },
    ],
  });
}
