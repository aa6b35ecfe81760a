import { describe, expect, it } from "vitest";
import {
  RESTING_STATUSES,
  allowedActions,
  findTransition,
  mayEverTake,
  notificationTypeFor,
  ORDER_ACTIONS,
  ORDER_WINDOWS,
  transitionsFor,
  ORDER_STATUSES,
  statusesAllowing,
  TERMINAL_STATUSES,
  TRANSITIONS,
} from "./state-machine.js";
import { orderConflictMessage, statusNotice, stepNotice } from "./order-messages.js";

describe("order state machine", () => {
  it("lets nobody act on a completed or cancelled order", () => {
    for (const status of TERMINAL_STATUSES) {
      expect(allowedActions(status, ["creator", "merchant", "buyer", "seller", "appellant", "admin", "system"])).toEqual([]);
    }
  });

  it("lets only the seller confirm payment, and only while in progress", () => {
    expect(findTransition("confirm_payment", "in_progress", ["seller"])?.to).toBe("completed");
    expect(findTransition("confirm_payment", "in_progress", ["buyer"])).toBeUndefined();
    expect(findTransition("confirm_payment", "matched", ["seller"])).toBeUndefined();
  });

  it("lets the creator or merchant cancel while pending, and only the buyer once matched", () => {
    expect(findTransition("cancel", "pending", ["creator"])).toBeDefined();
    expect(findTransition("cancel", "pending", ["merchant"])).toBeDefined();
    expect(findTransition("cancel", "matched", ["seller", "merchant"])).toBeUndefined();
    expect(findTransition("cancel", "matched", ["buyer"])).toBeDefined();
    expect(findTransition("cancel", "in_progress", ["buyer"])).toBeUndefined();
  });

  it("resolves disputes only by an admin, both ways", () => {
    expect(allowedActions("disputed", ["admin"]).sort()).toEqual(["resolve_refund", "resolve_release"]);
    expect(allowedActions("disputed", ["buyer", "seller"])).toEqual([]);
    expect(allowedActions("disputed", ["appellant"])).toEqual(["withdraw_appeal"]);
  });

  it("gives every action the statuses its compare-and-set starts from", () => {
    expect(statusesAllowing("cancel").sort()).toEqual(["matched", "pending"]);
    for (const t of TRANSITIONS) for (const s of t.from) expect(ORDER_STATUSES).toContain(s);
  });

  it("releases or refunds escrow only when leaving for a terminal status", () => {
    for (const t of TRANSITIONS) {
      if (t.escrow === "release") expect(t.to).toBe("completed");
      if (t.escrow === "refund") expect(t.to).toBe("cancelled");
    }
  });

  it("words the notices as the spec does", () => {
    expect(statusNotice("matched")).toBe("Your order has been matched with a trader");
    expect(statusNotice("weird")).toBe("Your order status changed to weird");
    expect(statusNotice("toString")).toBe("Your order status changed to toString");
    expect(stepNotice(3)).toBe("Your trade has progressed to step 3 of 5");
  });

  it("gives every action one target status, so a compare-and-set knows what it writes", () => {
    for (const action of ORDER_ACTIONS) {
      const targets = new Set(transitionsFor(action).map((t) => t.to));
      expect(targets.size, action).toBe(1);
    }
  });

  it("tells a wrong status (conflict) from a wrong person (refusal)", () => {
    expect(mayEverTake("cancel", ["seller", "merchant"])).toBe(true);
    expect(mayEverTake("confirm_payment", ["buyer", "creator"])).toBe(false);
    expect(mayEverTake("resolve_release", ["buyer", "seller"])).toBe(false);
    expect(mayEverTake("withdraw_appeal", ["appellant"])).toBe(true);
  });

  it("lets accepting and paying happen only while their window runs, and gives each open status a timer", () => {
    expect(TRANSITIONS.filter((t) => t.within).map((t) => [t.action, t.within])).toEqual([
      ["accept", "acceptance"],
      ["mark_paid", "payment"],
    ]);
    for (const [status, { expiry }] of Object.entries(ORDER_WINDOWS)) {
      expect(transitionsFor(expiry)[0]!.from).toEqual([status]);
      expect(transitionsFor(expiry)[0]!.by).toEqual(["system"]);
    }
  });

  it("names the current status in a conflict and types notifications by outcome", () => {
    expect(orderConflictMessage("completed")).toBe("This order is already completed.");
    expect(orderConflictMessage("completed", "cancel")).toBe("This order is already completed, so it cannot be cancelled now.");
    expect(orderConflictMessage("disputed", "confirm_payment")).toBe("This order is under dispute, so it cannot be confirmed now.");
    expect(notificationTypeFor("completed")).toBe("order_completed");
    expect(notificationTypeFor("cancelled")).toBe("order_cancelled");
    expect(notificationTypeFor("disputed")).toBe("order_update");
  });
});

describe("the statuses an order can stay in", () => {
  it("are where it starts and where a transition leaves it, never the passing 'confirmed'", () => {
    expect(RESTING_STATUSES).toEqual(["pending", "matched", "in_progress", "completed", "cancelled", "disputed"]);
  });
});
