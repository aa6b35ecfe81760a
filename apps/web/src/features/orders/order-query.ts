import type { Order } from "@p2p/shared";
import { api } from "@/lib/api";
import type { OrderFilters } from "./queries";

/*
 * The orders' query keys and the one order's read: part of the app's entry, so an order opened
 * from its address (a notification, a shared link) is asked for as the app starts, before any
 * screen's code has arrived (router.tsx).
 */

export const orderKeys = {
  all: ["orders"] as const,
  lists: ["orders", "list"] as const,
  list: (filters: OrderFilters) => ["orders", "list", filters] as const,
  detail: (orderId: string) => ["orders", "detail", orderId] as const,
};

/** Until realtime arrives, both parties poll an open order this often so each sees the other's moves. */
export const ORDER_REFETCH_MS = 5_000;

/** The order's read, shared by useOrder and the prefetch of an order opened from its address. */
export const orderQuery = (orderId: string) => ({
  queryKey: orderKeys.detail(orderId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`, { signal }),
  // The page does not read again on opening what was read less than a poll ago: on a slow phone
  // the prefetch has answered before the page's code arrives. A change still refetches at once
  // (realtime and mutations invalidate it), and the poll goes on.
  staleTime: ORDER_REFETCH_MS,
});
