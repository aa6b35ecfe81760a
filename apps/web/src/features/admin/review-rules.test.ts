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

  it("asks two different admins to approve a withdrawal above the coin's amount before offering Mark sent", () => {
    expect(withdrawalStep({ approvals_required: 0, approved_by: [] }, ME)).toEqual({ action: "mark_sent", note: null });
    expect(withdrawalStep({ approvals_required: 2, approved_by: [] }, ME)).toEqual({ action: "approve", note: "needs_two_approvals" });
    expect(withdrawalStep({ approvals_required: 2, approved_by: ["admin-2"] }, ME)).toEqual({ action: "approve", note: "awaiting_second_approval" });
    expect(withdrawalStep({ approvals_required: 2, approved_by: [ME] }, ME)).toEqual({ action: null, note: "awaiting_second_approval" });
    expect(withdrawalStep({ approvals_required: 2, approved_by: [ME, "admin-2"] }, ME)).toEqual({ action: "mark_sent", note: "approved_by_two" });
  });
});
