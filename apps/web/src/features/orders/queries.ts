import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { TERMINAL_STATUSES, type CoinSymbol, type Order, type OrderListRole, type OrderStatus, type TradeSide } from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { ORDER_REFETCH_MS, orderKeys, orderQuery } from "./order-query";

export type OrderPage = { page: number; page_size: number; total: number; orders: Order[] };

/** The list filters, as GET /api/orders takes them; `side` is the caller's own side. */
export type OrderFilters = {
  /** Only the orders the caller created, or only those they took as merchant. */
  role?: OrderListRole;
  status?: OrderStatus;
  /** Only orders still open (not completed or cancelled). */
  active?: boolean;
  coin?: CoinSymbol;
  side?: TradeSide;
  page: number;
};

export const ORDER_PAGE_SIZE = 20;
const ORDER_LIST_REFETCH_MS = 15_000;

function listPath(filters: OrderFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(ORDER_PAGE_SIZE) });
  if (filters.role) params.set("role", filters.role);
  if (filters.status) params.set("status", filters.status);
  if (filters.active !== undefined) params.set("active", String(filters.active));
  if (filters.coin) params.set("coin", filters.coin);
  if (filters.side) params.set("side", filters.side);
  return `/api/orders?${params}`;
}

/** One page of the caller's orders (as creator, as merchant, or both), newest first. */
export function useOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => api<OrderPage>(listPath(filters), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_LIST_REFETCH_MS,
  });
}

export const isClosed = (status: OrderStatus) => TERMINAL_STATUSES.includes(status);

/** One order as the caller sees it, polled while it is still open. Other people's orders answer 404. */
export function useOrder(orderId: string) {
  return useQuery({
    ...orderQuery(orderId),
    select: (data) => data.order,
    // Keep polling through network blips; stop once the order is closed or no longer ours to see.
    refetchInterval: (query) => {
      const order = query.state.data?.order;
      if (isApiError(query.state.error, "NOT_FOUND") || (order && isClosed(order.status))) return false;
      return ORDER_REFETCH_MS;
    },
  });
}
