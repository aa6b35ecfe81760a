import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Deposit, WalletBalance, WalletEntry, Withdrawal } from "@p2p/shared";
import { api } from "@/lib/api";

export const WALLET_PAGE_SIZE = 10;

type Paged = { page: number; page_size: number; total: number };
export type WalletEntriesPage = Paged & { entries: WalletEntry[] };
export type DepositsPage = Paged & { deposits: Deposit[] };
export type WithdrawalsPage = Paged & { withdrawals: Withdrawal[] };

export const walletKeys = {
  all: ["wallet"] as const,
  balances: ["wallet", "balances"] as const,
  entries: (coin: string, page: number) => ["wallet", "entries", coin, page] as const,
  deposits: (page: number) => ["wallet", "deposits", page] as const,
  withdrawals: (page: number) => ["wallet", "withdrawals", page] as const,
};

export const walletQuery = {
  queryKey: walletKeys.balances,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ balances: WalletBalance[] }>("/api/wallet", { signal }),
  staleTime: 10_000,
};

/** Balances per coin: available, in escrow, withdrawing. */
export function useWallet() {
  return useQuery({ ...walletQuery, select: (data) => data.balances });
}

const pageQuery = (page: number, extra: Record<string, string> = {}) =>
  new URLSearchParams({ page: String(page), page_size: String(WALLET_PAGE_SIZE), ...extra }).toString();

/** The ledger list's first view: every coin, newest first. */
export const FIRST_ENTRIES = { coin: "", page: 1 } as const;

export const walletEntriesQuery = (coin: string, page: number) => ({
  queryKey: walletKeys.entries(coin, page),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<WalletEntriesPage>(`/api/wallet/entries?${pageQuery(page, coin ? { coin } : {})}`, { signal }),
  // As the balances': the page's first read, asked for while the splash shows, is not read again
  // as the list mounts; every money move's event marks it stale (view "wallet").
  staleTime: 10_000,
});

/** The caller's own ledger entries, newest first; `coin` "" means every coin. */
export function useWalletEntries(coin: string, page: number) {
  return useQuery({ ...walletEntriesQuery(coin, page), placeholderData: keepPreviousData });
}

export function useDeposits(page: number) {
  return useQuery({
    queryKey: walletKeys.deposits(page),
    queryFn: ({ signal }) => api<DepositsPage>(`/api/wallet/deposits?${pageQuery(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: walletKeys.withdrawals(page),
    queryFn: ({ signal }) => api<WithdrawalsPage>(`/api/wallet/withdrawals?${pageQuery(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
