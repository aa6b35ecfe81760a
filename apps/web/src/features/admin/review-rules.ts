import type { AdminWithdrawal, Order } from "@p2p/shared";

/*
 * Four eyes (DESIGN §2) as the admin screens apply it, so that they never offer what the server
 * refuses: nobody reviews their own deposit or withdrawal or resolves an appeal on their own order,
 * and a withdrawal above its coin's two-admin amount is approved by two different admins first.
 */

export const isOwnRequest = (request: { user_id: string }, myId: string | undefined) => myId !== undefined && request.user_id === myId;

export const isPartyTo = (order: Pick<Order, "creator" | "merchant" | "buyer_id" | "seller_id">, myId: string | undefined) =>
  myId !== undefined && [order.creator.id, order.merchant?.id, order.buyer_id, order.seller_id].includes(myId);

/** Where a pending withdrawal stands for this admin: the decision to offer, and the queue's note. */
export type WithdrawalStep = {
  action: "approve" | "mark_sent" | null;
  note: "needs_two_approvals" | "awaiting_second_approval" | "approved_by_two" | null;
};

export function withdrawalStep(withdrawal: Pick<AdminWithdrawal, "approvals_required" | "approved_by">, myId: string | undefined): WithdrawalStep {
  const missing = withdrawal.approvals_required - withdrawal.approved_by.length;
  if (withdrawal.approvals_required === 0) return { action: "mark_sent", note: null };
  if (missing <= 0) return { action: "mark_sent", note: "approved_by_two" };
  const approvedByMe = myId !== undefined && withdrawal.approved_by.includes(myId);
  return {
    action: approvedByMe ? null : "approve",
    note: withdrawal.approved_by.length === 0 ? "needs_two_approvals" : "awaiting_second_approval",
  };
}
