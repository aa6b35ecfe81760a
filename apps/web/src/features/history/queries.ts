import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CoinSymbol, TradeSide, transactionSchema } from "@p2p/shared";
import { api } from "@/lib/api";

export type Transaction = (typeof transactionSchema)["_output"];
export type TransactionPage = { page: number; page_size: number; total: number; transactions: Transaction[] };
export type TransactionFilters = { coin?: CoinSymbol; type?: TradeSide; page: number };

export const HISTORY_PAGE_SIZE = 20;

export const historyKeys = {
  all: ["transaction-history"] as const,
  list: (filters: TransactionFilters) => ["transaction-history", filters] as const,
};

function historyPath(filters: TransactionFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(HISTORY_PAGE_SIZE) });
  if (filters.coin) params.set("coin", filters.coin);
  if (filters.type) params.set("type", filters.type);
  return `/api/transaction-history?${params}`;
}

/** The caller's own completed trades, newest completion first. */
export function useTransactionHistory(filters: TransactionFilters) {
  return useQuery({
    queryKey: historyKeys.list(filters),
    queryFn: ({ signal }) => api<TransactionPage>(historyPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}
