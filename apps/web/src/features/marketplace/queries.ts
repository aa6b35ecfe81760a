import { useQuery } from "@tanstack/react-query";
import type { MarketplaceRequest } from "@p2p/shared";
import { api } from "@/lib/api";

/**
 * Open requests move fast: the first merchant to accept wins. The list follows `marketplace.changed`
 * on the merchants topic; only while the socket is down does it poll, this often.
 */
export const MARKETPLACE_REFETCH_MS = 10_000;

export const marketplaceKeys = {
  all: ["marketplace"] as const,
  requests: ["marketplace", "requests"] as const,
};

/** Open requests this merchant may take now (coins they have an online offer for); `live`: the socket is open. */
export function useMarketplace(live: boolean) {
  return useQuery({
    queryKey: marketplaceKeys.requests,
    queryFn: ({ signal }) => api<{ requests: MarketplaceRequest[] }>("/api/marketplace", { signal }),
    select: (data) => data.requests,
    refetchInterval: live ? false : MARKETPLACE_REFETCH_MS,
  });
}
