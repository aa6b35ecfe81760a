import { feeSplit, parseCoin } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { postTransfer } from "./post-transfer.js";

/** What the escrow moves need of an order: its side says who pays the fee (docs/TRADING.md "Fees"). */
export type EscrowOrder = { id: string; coin: string; side: string; coinAmount: string; feeAmount: string; sellerId: string; buyerId: string | null };

/** The order's escrow amounts in coin units: what locks, what the buyer gets, what the fee account gets. */
export function escrowAmounts(order: EscrowOrder) {
  return feeSplit({ side: order.side, coinUnits: parseCoin(order.coinAmount), feeUnits: parseCoin(order.feeAmount) });
}

/**
 * Moves the seller's coins into the order's escrow (with the fee, when the merchant sells);
 * 409 INSUFFICIENT_BALANCE when they lack them.
 */
export async function lockEscrow(tx: Tx, order: EscrowOrder, actorId: string | null): Promise<void> {
  const { locked } = escrowAmounts(order);
  await postTransfer(tx, {
    kind: "escrow_lock",
    coin: order.coin,
    orderId: order.id,
    actorId,
    postings: [
      { account: { kind: "available", userId: order.sellerId }, amount: -locked },
      { account: { kind: "escrow", orderId: order.id, userId: order.sellerId }, amount: locked },
    ],
  });
}
