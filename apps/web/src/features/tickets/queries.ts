import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CoinSymbol, OrderStatus, PaymentTicketPage } from "@p2p/shared";
import { api } from "@/lib/api";
import { orderKeys } from "@/features/orders/order-query";

export const TICKETS_PAGE_SIZE = 10;
export const ADMIN_TICKETS_PAGE_SIZE = 20;

export type MerchantTicketFilters = { status?: OrderStatus; page: number };
export type AdminTicketFilters = { status?: OrderStatus; coin?: CoinSymbol; from?: string; to?: string; user?: string; page: number };

/**
 * Ticket lists live under the order lists' key: every order change (an action here or on the
 * order page, or a realtime order event) refreshes them too.
 */
export const ticketKeys = {
  all: [...orderKeys.lists, "tickets"] as const,
  merchant: (f: MerchantTicketFilters) => [...orderKeys.lists, "tickets", "merchant", f] as const,
  admin: (f: AdminTicketFilters) => [...orderKeys.lists, "tickets", "admin", f] as const,
};

const search = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") s.set(k, String(v));
  return s.toString();
};

/** Tickets for Trade: payment proofs on the merchant's orders, newest first. */
export function useMerchantTickets(filters: MerchantTicketFilters, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.merchant(filters),
    queryFn: ({ signal }) => api<PaymentTicketPage>(`/api/tickets?${search({ ...filters, page_size: TICKETS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Tickets Management: every payment proof, filtered. */
export function useAdminTickets(filters: AdminTicketFilters, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.admin(filters),
    queryFn: ({ signal }) => api<PaymentTicketPage>(`/api/admin/tickets?${search({ ...filters, page_size: ADMIN_TICKETS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    enabled,
  });
}
