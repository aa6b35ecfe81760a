import { useQuery } from "@tanstack/react-query";
import type { MarketOffer, MyOffersResponse, TradeSide } from "@p2p/shared";
import { api } from "@/lib/api";

export const offerKeys = {
  all: ["offers"] as const,
  mine: ["offers", "mine"] as const,
  market: (coin: string, side: TradeSide) => ["offers", "market", coin, side] as const,
};

const fetchMine = ({ signal }: { signal: AbortSignal }) => api<MyOffersResponse>("/api/offers/mine", { signal });

/** The merchant's own offers, one per coin (Price Update). */
export function useMyOffers(enabled = true) {
  return useQuery({ queryKey: offerKeys.mine, queryFn: fetchMine, select: (data) => data.offers, enabled });
}

/** When the merchant's fee-free first 30 days end (the same answer as their offers). */
export function useFeeFreeUntil() {
  return useQuery({ queryKey: offerKeys.mine, queryFn: fetchMine, select: (data) => data.fee_free_until });
}

/** Online merchants' offers for a coin from the caller's side, best price first. */
export function useMarketOffers(coin: string | undefined, side: TradeSide) {
  return useQuery({
    queryKey: offerKeys.market(coin ?? "", side),
    queryFn: ({ signal }) => api<{ offers: MarketOffer[] }>(`/api/offers?coin=${encodeURIComponent(coin!)}&side=${side}`, { signal }),
    select: (data) => data.offers,
    enabled: Boolean(coin),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}
