import { useQuery, type QueryKey } from "@tanstack/react-query";
import type { SecurityStatus, SessionListResponse, SessionResponse } from "@p2p/shared";
import { api } from "@/lib/api";
import { noteRealtimeCursors } from "@/lib/realtime-resume";
import { takeEarlySessionRead } from "./early-session-read";

export const authKeys = {
  session: ["auth", "session"] as const,
  providers: ["auth", "providers"] as const,
  security: ["auth", "security"] as const,
  sessions: ["auth", "sessions"] as const,
};

export type AuthProviders = { google: boolean; telegram: boolean };

export function isSessionKey(key: QueryKey): boolean {
  return key.length === authKeys.session.length && authKeys.session.every((part, i) => key[i] === part);
}

/** The session's read, shared by useSession, the first screens' reads and the app's start (router.tsx), which asks for it first. */
export const sessionQuery = {
  queryKey: authKeys.session,
  // The first read takes the answer to the one the page started before the app's code arrived
  // (public/boot-splash.js); every later read, or one the page could not use, asks the API.
  // Its realtime cursors are where the tab's first subscriptions start (lib/realtime-resume.ts).
  queryFn: async () => {
    const answer = (await takeEarlySessionRead()) ?? (await api<SessionResponse>("/api/auth/session"));
    noteRealtimeCursors(answer.realtime_cursors);
    return answer;
  },
  staleTime: 60_000,
};

/** The signed-in user, or null; restored from the session cookie on every load (with refresh). */
export function useSession() {
  return useQuery({ ...sessionQuery, select: (s) => s.user });
}

/** Which outside services the server is configured for (Google sign-in, the Telegram bot); /auth asks for it at the start (router.tsx). */
export const authProvidersQuery = {
  queryKey: authKeys.providers,
  queryFn: () => api<AuthProviders>("/api/auth/providers"),
  staleTime: 5 * 60_000,
};

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

/** Password set or not (Google-only accounts), two-factor on or off, recovery codes left. */
export function useSecurityStatus() {
  return useQuery({
    queryKey: authKeys.security,
    queryFn: () => api<SecurityStatus>("/api/auth/security"),
  });
}

/** The signed-in account's live sessions, this device's marked. */
export function useActiveSessions() {
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: () => api<SessionListResponse>("/api/auth/sessions"),
    select: (data) => data.sessions,
  });
}
