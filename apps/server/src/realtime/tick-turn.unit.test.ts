import { describe, expect, it } from "vitest";
import { TickTurn, ticksOf } from "./tick-turn.js";

describe("a turn in ticks", () => {
  it("visits every item once a turn, in equal shares, and begins the next turn after its last tick", () => {
    const turn = new TickTurn<number>(4);
    let list = [1, 2, 3, 4, 5, 6, 7];
    const shares = Array.from({ length: 4 }, () => turn.next(() => list));
    expect(shares).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
    list = [8, 9];
    expect(turn.next(() => list)).toEqual([8]);
    expect(turn.next(() => list)).toEqual([9]);
  });

  it("never begins a turn sooner, however few items there are, and leaves the caller's list as it was", () => {
    const turn = new TickTurn<string>(5);
    const list = ["a", "b"];
    const shares = Array.from({ length: 6 }, () => turn.next(() => list));
    expect(shares).toEqual([["a"], ["b"], [], [], [], ["a"]]);
    expect(list).toEqual(["a", "b"]);
  });

  it("ticks at most every 100 ms, ten times a short period", () => {
    expect(ticksOf(30_000, 100)).toEqual({ tickMs: 100, ticks: 300 });
    expect(ticksOf(1_000, 100)).toEqual({ tickMs: 100, ticks: 10 });
    expect(ticksOf(200, 100)).toEqual({ tickMs: 20, ticks: 10 });
  });
});
