import { useCallback, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Badges } from "@p2p/shared";
import { api } from "@/lib/api";

/** The one cache entry behind every badge of the shell (top nav, mobile menu, bottom bar). */
export const badgeKeys = { all: ["badges"] as const };

/** The counts' read, shared by useBadges and the first screen's reads behind the splash. */
export const badgesQuery = {
  queryKey: badgeKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<Badges>("/api/badges", { signal }),
  staleTime: 10_000,
};

/** Every navigation count from GET /api/badges; kept live by realtime events, polled slowly as a fallback. */
export function useBadges(enabled: boolean) {
  return useQuery({ ...badgesQuery, enabled, refetchInterval: 60_000 });
}

/**
 * A chat's read mark: posts `{ up_to_id }` for the newest message seen (once per message, and not
 * for `alreadyRead`, the mark the server already holds) and puts the answer's fresh badges in the
 * cache, so this tab's badge drops at once; the other tabs and devices get the same counts from
 * `badges.changed`.
 */
export function useReadMark(path: string | null, alreadyRead?: string) {
  const qc = useQueryClient();
  const marked = useRef<string | null>(null);
  return useCallback(
    (lastId: string) => {
      if (!path || marked.current === lastId || alreadyRead === lastId) return;
      marked.current = lastId;
      api<{ badges: Badges }>(path, { body: { up_to_id: lastId } })
        .then((res) => qc.setQueryData(badgeKeys.all, res.badges))
        .catch(() => {
          marked.current = null;
        });
    },
    [path, alreadyRead, qc],
  );
}
