import { describe, expect, it } from "vitest";
import { answerableParty, CANCELLING_ACTIONS, completionRate, type OrderEnding } from "./completion-rate.js";
import { TRANSITIONS } from "./state-machine.js";

const ending = (e: Partial<OrderEnding> & Pick<OrderEnding, "action">): OrderEnding => ({ fromStep: 1, by: "system", merchantIsBuyer: false, ...e });

describe("answerableParty", () => {
  it("knows every action that ends an order cancelled", () => {
    const cancelling = TRANSITIONS.filter((t) => t.to === "cancelled").map((t) => t.action);
    expect(new Set(cancelling)).toEqual(new Set(CANCELLING_ACTIONS));
  });

  it("does not count a buyer's cancel before acceptance against anyone", () => {
    expect(answerableParty(ending({ action: "cancel", fromStep: 1, by: "creator" }))).toBeNull();
    expect(answerableParty(ending({ action: "cancel", fromStep: 1, by: "creator", merchantIsBuyer: true }))).toBeNull();
  });

  it("holds the merchant to the acceptance step: a refusal or a lapsed window", () => {
    expect(answerableParty(ending({ action: "cancel", fromStep: 1, by: "merchant" }))).toBe("merchant");
    expect(answerableParty(ending({ action: "expire_acceptance" }))).toBe("merchant");
  });

  it("holds the buyer to the payment step, whichever party the buyer is", () => {
    expect(answerableParty(ending({ action: "cancel", fromStep: 2, by: "creator" }))).toBe("creator");
    expect(answerableParty(ending({ action: "cancel", fromStep: 2, by: "merchant", merchantIsBuyer: true }))).toBe("merchant");
    expect(answerableParty(ending({ action: "expire_payment" }))).toBe("creator");
    expect(answerableParty(ending({ action: "expire_payment", merchantIsBuyer: true }))).toBe("merchant");
    expect(answerableParty(ending({ action: "resolve_refund", fromStep: 3 }))).toBe("creator");
    expect(answerableParty(ending({ action: "resolve_refund", fromStep: 3, merchantIsBuyer: true }))).toBe("merchant");
  });

  it("counts a cancel by the system (an admin suspending an account) against nobody", () => {
    expect(answerableParty(ending({ action: "cancel", fromStep: 1, by: "system" }))).toBeNull();
    expect(answerableParty(ending({ action: "cancel", fromStep: 2, by: "system", merchantIsBuyer: true }))).toBeNull();
  });
});

describe("completionRate", () => {
  it("has no rate before any order counts", () => {
    expect(completionRate({ completed: 0, failed: 0 })).toEqual({ rate: null, orders: 0 });
  });

  it("stays at 100% of 3 when only excluded cancels happened beside three completions", () => {
    expect(completionRate({ completed: 3, failed: 0 })).toEqual({ rate: 100, orders: 3 });
  });

  it("divides completed by completed plus answerable failures, to one decimal", () => {
    expect(completionRate({ completed: 2, failed: 1 })).toEqual({ rate: 66.7, orders: 3 });
    expect(completionRate({ completed: 49, failed: 1 })).toEqual({ rate: 98, orders: 50 });
  });
});
