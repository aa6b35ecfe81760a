import { ApiError } from "@/lib/api";

/**
 * A fresh Idempotency-Key for one attempt at a money-moving request. crypto.randomUUID needs a
 * secure context; plain-http previews fall back to 122 random bits in the same UUID shape.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when we can't know whether the request landed (no answer, or a gateway gave up): the next
 * try must reuse the same key. Any real answer from the API ends the attempt.
 */
export function answerUnknown(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.code === "NETWORK" || err.status === 502 || err.status === 503 || err.status === 504);
}
