import { describe, expect, it } from "vitest";
import { formatLockEnd } from "./lock-time.js";

describe("formatLockEnd", () => {
  it("shows the date and time in West Africa Time (UTC+1), not an ISO timestamp", () => {
    expect(formatLockEnd(new Date("2026-03-14T14:04:00.000Z"))).toBe("14 Mar 2026, 15:04 WAT");
    expect(formatLockEnd(new Date("2026-12-31T23:30:00.000Z"))).toBe("1 Jan 2027, 00:30 WAT");
  });

  it("rounds up to the next whole minute, so retrying at the time shown succeeds", () => {
    expect(formatLockEnd(new Date("2026-03-14T14:04:00.001Z"))).toBe("14 Mar 2026, 15:05 WAT");
    expect(formatLockEnd(new Date("2026-03-14T14:04:59.999Z"))).toBe("14 Mar 2026, 15:05 WAT");
  });
});
