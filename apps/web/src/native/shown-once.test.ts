import { describe, expect, it } from "vitest";
import { ShownOnce } from "./shown-once";

describe("ShownOnce", () => {
  it("shows a notification the first time its id is seen, from either path, and never again", () => {
    const shown = new ShownOnce();
    expect(shown.first("n-1")).toBe(true); // from the socket
    expect(shown.first("n-1")).toBe(false); // the same notification as a push
    expect(shown.first("n-2")).toBe(true);
  });

  it("shows notifications without an id every time, and forgets the oldest ids past 200", () => {
    const shown = new ShownOnce();
    expect(shown.first(undefined)).toBe(true);
    expect(shown.first(undefined)).toBe(true);
    for (let i = 0; i <= 200; i++) shown.first(`n-${i}`);
    expect(shown.first("n-0")).toBe(true);
    expect(shown.first("n-200")).toBe(false);
  });
});
