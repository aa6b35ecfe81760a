import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { MAX_RETRIES, retryDelay, shouldRetry } from "./query-retry";

const refused = (status: number, code: ConstructorParameters<typeof ApiError>[1]) => new ApiError(status, code, "refused");

describe("the reads' retry rule", () => {
  it("never retries a 401, a 403 or any other refusal", () => {
    expect(shouldRetry(0, refused(401, "UNAUTHENTICATED"))).toBe(false);
    expect(shouldRetry(0, refused(401, "TOKEN_EXPIRED"))).toBe(false);
    expect(shouldRetry(0, refused(403, "FORBIDDEN"))).toBe(false);
    expect(shouldRetry(0, refused(404, "NOT_FOUND"))).toBe(false);
    expect(shouldRetry(0, refused(429, "RATE_LIMITED"))).toBe(false);
  });

  it("retries a network failure or a server error, then gives up", () => {
    expect(shouldRetry(0, refused(0, "NETWORK"))).toBe(true);
    expect(shouldRetry(1, refused(503, "INTERNAL"))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, refused(503, "INTERNAL"))).toBe(false);
  });

  it("waits longer before each try, up to a cap", () => {
    const delays = [0, 1, 2, 3, 10].map(retryDelay);
    expect(delays.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delays[4]).toBe(30_000);
  });
});
