import { useQuery } from "@tanstack/react-query";
import type { PaymentProofsResponse } from "@p2p/shared";
import { api } from "@/lib/api";

export const proofKeys = {
  order: (orderId: string) => ["orders", "proofs", orderId] as const,
};

/** An order's payment proofs (buyer, seller and admins); refreshed live by the order page. */
export function usePaymentProofs(orderId: string, enabled = true) {
  return useQuery({
    queryKey: proofKeys.order(orderId),
    queryFn: ({ signal }) => api<PaymentProofsResponse>(`/api/orders/${encodeURIComponent(orderId)}/proofs`, { signal }),
    select: (data) => data.proofs,
    enabled,
  });
}
