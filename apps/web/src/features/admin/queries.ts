import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminCoin, AdminDeposit, AdminOverview, AdminUser, AdminWithdrawal, Order, PayoutBatch } from "@p2p/shared";
import { api } from "@/lib/api";
import { ADMIN_COINS_KEY } from "./queue-keys";

type Page = { page: number; page_size: number; total: number };
export type DepositPage = Page & { deposits: AdminDeposit[] };
export type WithdrawalPage = Page & { withdrawals: AdminWithdrawal[] };
export type OrderPage = Page & { orders: Order[] };
export type UserPage = Page & { users: AdminUser[] };

export type DepositStatus = AdminDeposit["status"];
export type WithdrawalStatus = AdminWithdrawal["status"];
export type ListParams<S extends string> = { status: S | "all"; page: number };

/** Query keys of the admin panel; every admin action invalidates `all`. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: ["admin", "overview"] as const,
  deposits: (params: ListParams<DepositStatus>) => ["admin", "deposits", params] as const,
  withdrawals: (params: ListParams<WithdrawalStatus>) => ["admin", "withdrawals", params] as const,
  /** Under the withdrawals queue's key, so its realtime change reloads the batches too. */
  payoutBatches: ["admin", "withdrawals", "payout-batches"] as const,
  appeals: ["admin", "orders", "disputed"] as const,
  coins: ADMIN_COINS_KEY,
  users: (ids: string[]) => ["admin", "users", ids] as const,
};

/** Queues are short and urgent: reload them every half minute while the panel is open. */
const QUEUE_REFRESH_MS = 30_000;
/** A queue shows up to this many rows per page; pending ones oldest first. */
export const QUEUE_PAGE_SIZE = 50;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "all") search.set(key, String(value));
  return search.toString();
};

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => api<AdminOverview>("/api/admin/overview", { signal }),
    refetchInterval: QUEUE_REFRESH_MS,
    staleTime: 10_000,
  });
}

export function useAdminDeposits(params: ListParams<DepositStatus>) {
  return useQuery({
    queryKey: adminKeys.deposits(params),
    queryFn: ({ signal }) =>
      api<DepositPage>(`/api/admin/deposits?${query({ status: params.status, page: params.page, page_size: QUEUE_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function useAdminWithdrawals(params: ListParams<WithdrawalStatus>) {
  return useQuery({
    queryKey: adminKeys.withdrawals(params),
    queryFn: ({ signal }) =>
      api<WithdrawalPage>(`/api/admin/withdrawals?${query({ status: params.status, page: params.page, page_size: QUEUE_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** Disputed orders, the appeals queue: the oldest appeal first. */
export function useAdminAppeals() {
  return useQuery({
    queryKey: adminKeys.appeals,
    queryFn: ({ signal }) => api<OrderPage>("/api/admin/orders?status=disputed&page_size=100", { signal }),
    select: (page) => ({ ...page, orders: [...page.orders].sort((a, b) => appealTime(a) - appealTime(b)) }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

const appealTime = (order: Order) => Date.parse(order.appeal?.created_at ?? order.created_at);

export function useAdminCoins() {
  return useQuery({
    queryKey: adminKeys.coins,
    queryFn: ({ signal }) => api<{ coins: AdminCoin[] }>("/api/admin/coins", { signal }),
  });
}

/** The people behind a page of queue rows, by id (usernames and emails for the admin). */
export function useAdminUsers(ids: string[]) {
  const unique = [...new Set(ids)].sort();
  return useQuery({
    queryKey: adminKeys.users(unique),
    queryFn: ({ signal }) => api<UserPage>(`/api/admin/users?${query({ ids: unique.join(","), page_size: 100 })}`, { signal }),
    select: (page) => new Map(page.users.map((user) => [user.id, user])),
    enabled: unique.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The latest payout batches, newest first. */
export function usePayoutBatches() {
  return useQuery({
    queryKey: adminKeys.payoutBatches,
    queryFn: ({ signal }) => api<{ batches: PayoutBatch[] }>("/api/admin/payout-batches", { signal }),
    select: (data) => data.batches,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
