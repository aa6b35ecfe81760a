import type { SessionResponse } from "@p2p/shared";

/** Where public/boot-splash.js leaves the session's read it starts from the page's HTML. */
export const EARLY_SESSION_READ = "__naijap2pSessionRead";

type Holder = Partial<Record<typeof EARLY_SESSION_READ, Promise<SessionResponse | null>>>;

/**
 * The session's read the page started before the app's code arrived, taken once (a later read is
 * a new one): its answer, or null when it was refused (an expired access token, which the app's
 * own read refreshes) or did not answer JSON. Undefined when the page started none (tests, a
 * browser without fetch).
 */
export function takeEarlySessionRead(holder: Holder = globalThis as Holder): Promise<SessionResponse | null> | undefined {
  const read = holder[EARLY_SESSION_READ];
  delete holder[EARLY_SESSION_READ];
  return read;
}
