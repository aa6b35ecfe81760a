import { afterEach, describe, expect, it, vi } from "vitest";
import { formatters } from "@/i18n/format";
import { warmUpWhileSplashShows } from "./warm-up";

/** The page's idle moments, run when the test says. */
function idleMoments() {
  const queued: (() => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (run: () => void) => queued.push(run));
  return {
    /** Runs the callbacks queued now; those they queue wait for the next round. */
    round: () => queued.splice(0).forEach((run) => run()),
    pending: () => queued.length,
  };
}

const built = (name: keyof ReturnType<typeof formatters>) => "value" in Object.getOwnPropertyDescriptor(formatters(), name)!;

afterEach(() => vi.unstubAllGlobals());

describe("the first screens' one-time work, done while the splash shows", () => {
  it("builds every formatter the first screens use, one per idle moment, none before the page is idle", async () => {
    const idle = idleMoments();
    warmUpWhileSplashShows();
    await vi.dynamicImportSettled();
    expect(built("naira")).toBe(false);

    idle.round(); // tailwind-merge's table, and the language's check
    expect(built("naira")).toBe(false);
    idle.round();
    expect(built("naira")).toBe(true);
    expect(built("coin")).toBe(false);

    while (idle.pending()) idle.round();
    for (const name of ["naira", "coin", "integer", "twoDecimals", "percent", "dateTime", "relative"] as const) expect(built(name)).toBe(true);
    expect(built("nairaCompact")).toBe(false);
  });
});
