import { useMutation, useQueryClient, useQuery } from "@tanstack/react-query";
import { COIN_ANALYTICS_REFRESH_MS, type CoinActivity, type Complaint, type CreateComplaintRequest, type DashboardSummary } from "@p2p/shared";
import { api } from "@/lib/api";

export type CoinAnalytics = { coins: CoinActivity[] };

export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: ["dashboard", "summary"] as const,
  coinAnalytics: ["dashboard", "coin-analytics"] as const,
};

export const dashboardSummaryQuery = {
  queryKey: dashboardKeys.summary,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<DashboardSummary>("/api/dashboard/summary", { signal }),
  staleTime: 30_000,
};

export const coinAnalyticsQuery = {
  queryKey: dashboardKeys.coinAnalytics,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<CoinAnalytics>("/api/dashboard/coin-analytics", { signal }),
  staleTime: 60_000,
};

/** Tiles, Recent Activity and the pending-order badge all read this one query. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery);
}

export function useCoinAnalytics() {
  return useQuery({ ...coinAnalyticsQuery, refetchInterval: COIN_ANALYTICS_REFRESH_MS });
}

export function useSubmitComplaintMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateComplaintRequest) => api<Complaint>("/api/complaints", { body }),
    // /tickets-complaints lists it at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["complaints"] }),
  });
}

/** A one-time deep link into the Telegram bot that links this account (DESIGN §4). */
export function useTelegramLinkMutation() {
  return useMutation({
    mutationFn: () => api<{ url: string }>("/api/telegram/link", { method: "POST", body: {} }),
  });
}
