import { useQuery } from "@tanstack/react-query";
import type { SessionResponse } from "@p2p/shared";
import { api } from "@/lib/api";

export const authKeys = {
  session: ["auth", "session"] as const,
  providers: ["auth", "providers"] as const,
};

/** The signed-in user, or null; restored from the session cookie on every load (with refresh). */
export function useSession() {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: () => api<SessionResponse>("/api/auth/session"),
    staleTime: 60_000,
    select: (s) => s.user,
  });
}
