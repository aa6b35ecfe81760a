/**
 * A signed-in session that ended (revoked, expired, password changed, suspended) ends in every tab
 * of this browser: the tab that learns it first (a 401 that a refresh cannot fix, the socket's
 * 4401) tells the others over a BroadcastChannel (the `storage` event where there is none), and
 * each tab's handler (app/session-end.ts) stops its socket and queries and shows /auth with the
 * reason. Until the next sign-in, api() sends nothing but the auth endpoints.
 */
/** Ends the tab's signed-in state; false when nobody was signed in here (nothing to end). */
type Handler = (reason: string) => boolean;

const CHANNEL = "naijap2p:session";
const STORAGE_KEY = "naijap2p:session-ended";

let ended: string | null = null;
let handler: Handler | null = null;
let channel: BroadcastChannel | null = null;

/** The reason the session of this tab ended, or null while it works (or nobody is signed in). */
export function sessionEndReason(): string | null {
  return ended;
}

/** Installs what ending does in this tab (once, at start) and listens to the other tabs. */
export function onSessionEnd(next: Handler): void {
  handler = next;
  if (typeof window === "undefined") return;
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<{ reason?: unknown }>) => {
      if (typeof message.data?.reason === "string") endHere(message.data.reason);
    };
    return;
  }
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    const reason = (JSON.parse(event.newValue) as { reason?: unknown }).reason;
    if (typeof reason === "string") endHere(reason);
  });
}

/** This tab learnt that its session ended: end it here and in the other tabs. */
export function sessionEnded(reason: string): void {
  if (!endHere(reason)) return;
  if (channel) channel.postMessage({ reason });
  else if (typeof localStorage !== "undefined") localStorage.setItem(STORAGE_KEY, JSON.stringify({ reason, at: Date.now() }));
}

/** A new sign-in: requests flow again. */
export function sessionStarted(): void {
  ended = null;
}

/** Ends the session in this tab once; false when it had ended already or nobody was signed in. */
function endHere(reason: string): boolean {
  if (ended !== null || !handler) return false;
  // Set first, so that nothing the handler's clean-up sets off reaches the server.
  ended = reason;
  if (handler(reason)) return true;
  ended = null;
  return false;
}
