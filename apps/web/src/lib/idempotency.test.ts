import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { intentKeys, newIdempotencyKey } from "./idempotency";

function counterKeys() {
  let n = 0;
  return intentKeys(() => `key-${++n}`);
}

describe("one Idempotency-Key per user intent", () => {
  it("sends the same key for every retry whose answer is unknown (double tap, network drop, a gateway giving up)", () => {
    const keys = counterKeys();
    const first = keys.keyFor({ coin: "USDT", amount: "10" });
    expect(keys.keyFor({ coin: "USDT", amount: "10" })).toBe(first);
    keys.answered(new ApiError(0, "NETWORK", "offline"));
    expect(keys.keyFor({ coin: "USDT", amount: "10" })).toBe(first);
    keys.answered(new ApiError(504, "INTERNAL", "gateway timeout"));
    expect(keys.keyFor({ coin: "USDT", amount: "10" })).toBe(first);
  });

  it("starts a new intent after the server refused, so a retry runs again instead of replaying the refusal", () => {
    const keys = counterKeys();
    const first = keys.keyFor({ coin: "USDT", amount: "10" });
    keys.answered(new ApiError(409, "INSUFFICIENT_BALANCE", "Not enough"));
    expect(keys.keyFor({ coin: "USDT", amount: "10" })).not.toBe(first);
  });

  it("starts a new intent when the inputs change", () => {
    const keys = counterKeys();
    const first = keys.keyFor({ coin: "USDT", amount: "10" });
    const second = keys.keyFor({ coin: "USDT", amount: "11" });
    expect(second).not.toBe(first);
    expect(keys.keyFor({ coin: "USDT", amount: "11" })).toBe(second);
  });

  it("starts a new intent after a success, even with the same inputs", () => {
    const keys = counterKeys();
    const first = keys.keyFor({ reason: "late" });
    keys.answered();
    expect(keys.keyFor({ reason: "late" })).not.toBe(first);
  });

  it("keeps separate intents apart", () => {
    const a = intentKeys();
    const b = intentKeys();
    expect(a.keyFor({ id: "x" })).not.toBe(b.keyFor({ id: "x" }));
  });

  it("makes keys the server accepts: visible ASCII, at most 200 characters, never repeated", () => {
    const made = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(made.size).toBe(100);
    for (const key of made) expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
  });
});
