import { useQuery } from "@tanstack/react-query";
import type { Coin, MarketOffer, MyOffersResponse, TradeSide } from "@p2p/shared";
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

/** The market a /trade-merchants address shows: its `coin` (else the first listed coin) and `side` (else buy). */
export function chosenMarket(coins: readonly Coin[], params: URLSearchParams): { coin: Coin | undefined; side: TradeSide } {
  const coin = coins.find((c) => c.symbol === params.get("coin")?.toUpperCase()) ?? coins[0];
  return { coin, side: params.get("side") === "sell" ? "sell" : "buy" };
}

export const marketOffersQuery = (coin: string, side: TradeSide) => ({
  queryKey: offerKeys.market(coin, side),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<{ offers: MarketOffer[] }>(`/api/offers?coin=${encodeURIComponent(coin)}&side=${side}`, { signal }),
  staleTime: 15_000,
});

/** Online merchants' offers for a coin from the caller's side, best price first. */
export function useMarketOffers(coin: string | undefined, side: TradeSide) {
  return useQuery({ ...marketOffersQuery(coin ?? "", side), select: (data) => data.offers, enabled: Boolean(coin), refetchInterval: 30_000 });
}
