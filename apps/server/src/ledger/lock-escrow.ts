import { parseCoin } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { postTransfer } from "./post-transfer.js";

export type EscrowOrder = { id: string; coin: string; coinAmount: string; sellerId: string; buyerId: string | null };

/** Moves the seller's coins into the order's escrow; 409 INSUFFICIENT_BALANCE when they lack them. */
export async function lockEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  const amount = parseCoin(order.coinAmount);
  await postTransfer(tx, {
    kind: "escrow_lock",
    coin: order.coin,
    orderId: order.id,
    actorId,
    postings: [
      { account: { kind: "available", userId: order.sellerId }, amount: -amount },
      { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount },
    ],
  });
}
