import type { QueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@p2p/shared";
import { authKeys, isSessionKey } from "@/features/auth/queries";
import { onSessionEnd } from "@/lib/session-end";

const isProvidersKey = (key: readonly unknown[]) => key[0] === authKeys.providers[0] && key[1] === authKeys.providers[1];

/**
 * What a session's end does in this tab (lib/session-end.ts): every query stops and its data goes
 * (no polling survives), the session reads as signed out, so the signed-in layout and its socket
 * unmount and RequireAuth shows /auth with the reason. The sign-in options stay, for that screen.
 */
export function endSessionsWith(queryClient: QueryClient) {
  onSessionEnd(() => {
    if (!queryClient.getQueryData<SessionResponse>(authKeys.session)?.user) return false;
    void queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) && !isProvidersKey(query.queryKey) });
    queryClient.setQueryData<SessionResponse>(authKeys.session, { user: null });
    return true;
  });
}
