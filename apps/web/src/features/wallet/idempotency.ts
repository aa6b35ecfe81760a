import { useCallback, useRef } from "react";
import { isApiError } from "@/lib/api";

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; the LAN address of a dev server is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * An Idempotency-Key per attempt of a money-moving POST. Resubmitting the same request after the
 * network failed reuses the key, so the server answers the first attempt again instead of moving
 * money twice; any answer from the server ends the attempt, and the next submit gets a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newKey() };
    return attempt.current.key;
  }, []);

  const settle = useCallback((err?: unknown) => {
    if (!(isApiError(err) && err.code === "NETWORK")) attempt.current = null;
  }, []);

  return { keyFor, settle };
}
