import { useRef } from "react";
import { ApiError } from "./api";

/**
 * The web's one rule for the `Idempotency-Key` of a money-moving POST: one key per user intent.
 *
 * Every retry whose answer is still unknown sends the same key: a double tap, a retry after the
 * network dropped or a gateway gave up. The server runs a key once and answers every copy alike,
 * so money cannot move twice. The intent ends, and the next submit gets a new key, once the
 * server has answered, yes or no (a refusal moved nothing, and a retry after, say, a top-up must
 * run again rather than replay the stored refusal), or once its inputs change (another amount,
 * reason or code is another request, and the server refuses an old key with a new body:
 * IDEMPOTENCY_KEY_REUSED).
 *
 * `useIntentKey` holds one intent per mounted form or dialog; `intentKeys` is the same rule
 * outside React.
 */
export type IntentKeys = {
  /** The key for a submit with these inputs: the intent's key, or a new one if the inputs changed. */
  keyFor: (inputs: unknown) => string;
  /**
   * The submit's outcome: a success or the server's refusal (`err`) ends the intent, so the next
   * submit, even with the same inputs, is a new one; an unknown answer keeps the key for the retry.
   */
  answered: (err?: unknown) => void;
};

export function intentKeys(newKey: () => string = newIdempotencyKey): IntentKeys {
  let current: { inputs: string; key: string } | null = null;
  return {
    keyFor: (inputs) => {
      const serialized = JSON.stringify(inputs) ?? "";
      if (current?.inputs !== serialized) current = { inputs: serialized, key: newKey() };
      return current.key;
    },
    answered: (err) => {
      if (!answerUnknown(err)) current = null;
    },
  };
}

export function useIntentKey(): IntentKeys {
  const keys = useRef<IntentKeys | null>(null);
  keys.current ??= intentKeys();
  return keys.current;
}

/**
 * A fresh key in the UUID shape. crypto.randomUUID needs a secure context; plain-http previews
 * (a dev server's LAN address) fall back to 122 random bits.
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
 * True when we can't know whether the request landed (no answer, or a gateway gave up): the
 * screen says that trying again is safe. Any real answer from the API is that answer.
 */
export function answerUnknown(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.code === "NETWORK" || err.status === 502 || err.status === 503 || err.status === 504);
}

/** The request header that carries an intent's key (the server's contract). */
export function idempotencyHeader(key: string): { "Idempotency-Key": string } {
  return { "Idempotency-Key": key };
}
