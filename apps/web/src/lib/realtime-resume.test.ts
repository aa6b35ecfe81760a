import { describe, expect, it } from "vitest";
import { noteRealtimeCursors, RESUME_POINT_MAX_AGE_MS, resumePoint } from "./realtime-resume";

describe("where a first subscription starts", () => {
  it("from the session read's cursor while it is fresh; from the server's current id once it is older than a minute", () => {
    noteRealtimeCursors({ "user:a": 12, market: 0 }, 5_000);
    expect(resumePoint("user:a", 5_000)).toEqual({ after: 12, readAt: 5_000 });
    expect(resumePoint("market", 5_000 + RESUME_POINT_MAX_AGE_MS)).toEqual({ after: 0, readAt: 5_000 });
    expect(resumePoint("user:a", 5_001 + RESUME_POINT_MAX_AGE_MS)).toBeNull();
    expect(resumePoint("user:b", 5_000)).toBeNull();
    // A session answer without cursors (a sign-in's) leaves the last ones as they were.
    noteRealtimeCursors(undefined, 9_000);
    expect(resumePoint("user:a", 9_000)).toEqual({ after: 12, readAt: 5_000 });
  });
});
