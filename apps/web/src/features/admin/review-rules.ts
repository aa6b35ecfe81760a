import type { AdminWithdrawal, Order } from "@p2p/shared";

/*
 * Four eyes (DESIGN §2) as the admin screens apply it, so that they never offer what the server
 * refuses: nobody reviews their own deposit or withdrawal or resolves an appeal on their own order,
 * and a withdrawal above its coin's two-admin amount is approved by two different admins first.
 */

export const isOwnRequest = (request: { user_id: string }, myId: string | undefined) => myId !== undefined && request.user_id === myId;

export const isPartyTo = (order: Pick<Order, "creator" | "merchant" | "buyer_id" | "seller_id">, myId: string | undefined) =>
  myId !== undefined && [order.creator.id, order.merchant?.id, order.buyer_id, order.seller_id].includes(myId);

/** Where a withdrawal stands for this admin: the decision to offer, whether it may still be rejected, and the queue's note. */
export type WithdrawalStep = {
  action: "approve" | "mark_sent" | null;
  note: "needs_two_approvals" | "awaiting_second_approval" | "awaiting_batch" | "verifying" | null;
  /** Pending, or approved and not yet handed to the signer in a payout batch. */
  canReject: boolean;
};

/**
 * Every withdrawal is approved by one admin (two different ones above its coin's amount), then put
 * in a payout batch for the signer, then marked sent with its hash, which the chain verifies.
 */
export function withdrawalStep(
  withdrawal: Pick<AdminWithdrawal, "status" | "approvals_required" | "approved_by" | "batch_id">,
  myId: string | undefined,
): WithdrawalStep {
  if (withdrawal.status === "approved")
    return withdrawal.batch_id ? { action: "mark_sent", note: null, canReject: false } : { action: null, note: "awaiting_batch", canReject: true };
  if (withdrawal.status === "verifying") return { action: null, note: "verifying", canReject: false };
  if (withdrawal.status !== "pending") return { action: null, note: null, canReject: false };
  const approvedByMe = myId !== undefined && withdrawal.approved_by.includes(myId);
  const twoNeeded = withdrawal.approvals_required > 1;
  const note = !twoNeeded ? null : withdrawal.approved_by.length === 0 ? "needs_two_approvals" : "awaiting_second_approval";
  return { action: approvedByMe ? null : "approve", note, canReject: true };
}
