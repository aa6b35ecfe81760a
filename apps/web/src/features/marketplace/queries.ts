import { useQuery } from "@tanstack/react-query";
import type { MarketplaceRequest } from "@p2p/shared";
import { api } from "@/lib/api";

/** Open requests move fast: the first merchant to accept wins, so the list refreshes often. */
export const MARKETPLACE_REFETCH_MS = 10_000;

export const marketplaceKeys = {
  all: ["marketplace"] as const,
  requests: ["marketplace", "requests"] as const,
};

/** Open requests this merchant may take now (coins they have an online offer for). */
export function useMarketplace() {
  return useQuery({
    queryKey: marketplaceKeys.requests,
    queryFn: ({ signal }) => api<{ requests: MarketplaceRequest[] }>("/api/marketplace", { signal }),
    select: (data) => data.requests,
    refetchInterval: MARKETPLACE_REFETCH_MS,
  });
}
