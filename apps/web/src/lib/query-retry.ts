import { ApiError } from "./api";

/** Reads that failed are tried this many more times at most. */
export const MAX_RETRIES = 2;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * Every read's retry rule (the QueryClient's default): a refusal (any 4xx: signed out, forbidden,
 * not found, bad input) is an answer, never retried; a 401 also ends the session (lib/api.ts).
 * Network failures and 5xx are tried again, at most MAX_RETRIES times.
 */
export function shouldRetry(failures: number, err: unknown): boolean {
  if (failures >= MAX_RETRIES) return false;
  return !(err instanceof ApiError && err.status >= 400 && err.status < 500);
}

/** Exponential backoff between tries: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** failures);
}
