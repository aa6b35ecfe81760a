import { describe, expect, it } from "vitest";
import type { OrderStatus } from "@p2p/shared";
import { crashOpenOrders, expiryProblems, walkProblems, type OrderHistory } from "./order-histories.js";

/* The crash test's judges must catch what they claim to: a timer firing twice, a lost move, a person acting on an order after a kill. */

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const history = (status: OrderStatus, moves: [string, OrderStatus, number][]): OrderHistory => ({
  id: "o1",
  status,
  moves: moves.map(([action, to, s]) => ({ action, status: to, at: t(s) })),
});

describe("walkProblems", () => {
  it("accepts a history that follows the state machine to the stored status", () => {
    const h = history("completed", [
      ["create", "pending", 0],
      ["accept", "matched", 1],
      ["mark_paid", "in_progress", 2],
      ["confirm_payment", "completed", 3],
    ]);
    expect(walkProblems(h)).toEqual([]);
  });

  it("catches a timer that fired twice", () => {
    const h = history("cancelled", [
      ["create", "pending", 0],
      ["expire_acceptance", "cancelled", 5],
      ["expire_acceptance", "cancelled", 6],
    ]);
    expect(walkProblems(h)).toEqual(["o1: expire_acceptance to cancelled from cancelled"]);
  });

  it("catches a stored status the moves do not lead to, and a missing creation", () => {
    expect(walkProblems(history("matched", [["create", "pending", 0]]))).toEqual(["o1: history ends at pending, the order is matched"]);
    expect(walkProblems(history("pending", []))).toEqual(["o1: history does not start with its creation"]);
  });
});

describe("crashOpenOrders and expiryProblems", () => {
  const kills = [
    { epoch: 1, at: t(10), restartMs: 0 },
    { epoch: 2, at: t(20), restartMs: 0 },
  ];
  const until = t(60);

  it("finds the first kill that caught the order open and wants exactly its window's expiry after it", () => {
    const h = history("disputed", [
      ["create", "pending", 5],
      ["accept", "matched", 6],
      ["mark_paid", "in_progress", 7],
      ["expire_confirmation", "disputed", 15],
    ]);
    const [caught] = crashOpenOrders([h], kills, until);
    expect(caught).toEqual({ id: "o1", kill: 1, statusAtKill: "in_progress", movesAfter: ["expire_confirmation"] });
    expect(expiryProblems(caught!)).toEqual([]);
  });

  it("ignores orders created after every kill or finished before the first", () => {
    const late = history("completed", [
      ["create", "pending", 25],
      ["accept", "matched", 26],
    ]);
    const done = history("cancelled", [
      ["create", "pending", 1],
      ["cancel", "cancelled", 2],
    ]);
    expect(crashOpenOrders([late, done], kills, until)).toEqual([]);
  });

  it("catches a person's move after the kill, a missing expiry and a double one", () => {
    const acted = history("matched", [
      ["create", "pending", 5],
      ["accept", "matched", 12],
    ]);
    const never = history("pending", [["create", "pending", 5]]);
    const twice = history("cancelled", [
      ["create", "pending", 5],
      ["expire_acceptance", "cancelled", 12],
      ["expire_acceptance", "cancelled", 13],
    ]);
    const problems = crashOpenOrders([acted, never, twice], kills, until).flatMap(expiryProblems);
    expect(problems).toEqual([
      "o1: pending at kill 1, then [accept], expected [expire_acceptance]",
      "o1: pending at kill 1, then [], expected [expire_acceptance]",
      "o1: pending at kill 1, then [expire_acceptance, expire_acceptance], expected [expire_acceptance]",
    ]);
  });
});
