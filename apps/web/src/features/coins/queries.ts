import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Coin } from "@p2p/shared";
import { api } from "@/lib/api";

export type PricePoint = { price: string; coin_amount: string; completed_at: string };
export type PriceHistory = { symbol: string; points: PricePoint[] };

export const coinKeys = {
  all: ["coins"] as const,
  list: ["coins", "list"] as const,
  priceHistory: (symbol: string, days: number) => ["coins", "price-history", symbol, days] as const,
};

export const coinsQuery = {
  queryKey: coinKeys.list,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ coins: Coin[] }>("/api/coins", { signal }),
  staleTime: 30_000,
};

/** Listed coins with their best live prices, 24 h volume, trend and the caller's watch flag. */
export function useCoins() {
  return useQuery({ ...coinsQuery, select: (data) => data.coins, refetchInterval: 60_000 });
}

/** Completed-trade prices of one coin over the last `days`, oldest first. */
export function usePriceHistory(symbol: string | undefined, days: number) {
  return useQuery({
    queryKey: coinKeys.priceHistory(symbol ?? "", days),
    queryFn: ({ signal }) => api<PriceHistory>(`/api/coins/${encodeURIComponent(symbol!)}/price-history?days=${days}`, { signal }),
    enabled: Boolean(symbol),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
