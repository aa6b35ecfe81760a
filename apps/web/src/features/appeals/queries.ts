import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AppealDetail, AppealPage, AppealState } from "@p2p/shared";
import { api } from "@/lib/api";

export const APPEALS_PAGE_SIZE = 10;
export type AppealFilters = { state?: AppealState; page: number };

export const appealKeys = {
  all: ["appeals"] as const,
  list: (filters: AppealFilters) => ["appeals", "list", filters] as const,
  detail: (orderId: string) => ["appeals", "detail", orderId] as const,
};

/** The caller's disputed orders (all of them for an admin), newest appeal first. */
export function useAppeals(filters: AppealFilters) {
  const search = new URLSearchParams({ page: String(filters.page), page_size: String(APPEALS_PAGE_SIZE) });
  if (filters.state) search.set("state", filters.state);
  return useQuery({
    queryKey: appealKeys.list(filters),
    queryFn: ({ signal }) => api<AppealPage>(`/api/appeals?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order's appeals: reason, evidence and timeline. */
export function useAppeal(orderId: string | null) {
  return useQuery({
    queryKey: appealKeys.detail(orderId ?? ""),
    queryFn: ({ signal }) => api<AppealDetail>(`/api/appeals/${orderId}`, { signal }),
    enabled: orderId !== null,
  });
}
