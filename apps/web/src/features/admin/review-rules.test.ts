import { describe, expect, it } from "vitest";
import { isOwnRequest, isPartyTo, withdrawalStep } from "./review-rules";

const ME = "admin-1";
const order = { creator: { id: "buyer-1" }, merchant: { id: "merchant-1" }, buyer_id: "buyer-1", seller_id: "merchant-1" } as Parameters<
  typeof isPartyTo
>[0];

describe("four eyes on the admin screens", () => {
  it("offers no decision on the admin's own deposit or withdrawal", () => {
    expect(isOwnRequest({ user_id: ME }, ME)).toBe(true);
    expect(isOwnRequest({ user_id: "user-2" }, ME)).toBe(false);
    expect(isOwnRequest({ user_id: ME }, undefined)).toBe(false);
  });

  it("offers no resolution of an appeal on an order the admin is party to (a buyer promoted to admin)", () => {
    expect(isPartyTo(order, "buyer-1")).toBe(true);
    expect(isPartyTo(order, "merchant-1")).toBe(true);
    expect(isPartyTo(order, ME)).toBe(false);
    expect(isPartyTo({ ...order, merchant: null, seller_id: null }, "merchant-1")).toBe(false);
  });

  it("asks one admin, or two different ones above the coin's amount, to approve; offers Mark sent only once it is batched", () => {
    const pending = { status: "pending", batch_id: null } as const;
    expect(withdrawalStep({ ...pending, approvals_required: 1, approved_by: [] }, ME)).toEqual({ action: "approve", note: null, canReject: true });
    expect(withdrawalStep({ ...pending, approvals_required: 2, approved_by: [] }, ME)).toMatchObject({
      action: "approve",
      note: "needs_two_approvals",
    });
    expect(withdrawalStep({ ...pending, approvals_required: 2, approved_by: ["admin-2"] }, ME)).toMatchObject({
      action: "approve",
      note: "awaiting_second_approval",
    });
    expect(withdrawalStep({ ...pending, approvals_required: 2, approved_by: [ME] }, ME)).toMatchObject({
      action: null,
      note: "awaiting_second_approval",
    });
    const approved = { status: "approved" as const, approvals_required: 1, approved_by: ["admin-2"] };
    expect(withdrawalStep({ ...approved, batch_id: null }, ME)).toEqual({ action: null, note: "awaiting_batch", canReject: true });
    expect(withdrawalStep({ ...approved, batch_id: "batch-1" }, ME)).toEqual({ action: "mark_sent", note: null, canReject: false });
    expect(withdrawalStep({ ...approved, status: "verifying", batch_id: "batch-1" }, ME)).toEqual({
      action: null,
      note: "verifying",
      canReject: false,
    });
  });
});
