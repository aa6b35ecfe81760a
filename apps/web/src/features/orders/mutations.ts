import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Order } from "@p2p/shared";
import { api } from "@/lib/api";
import { idempotencyHeader } from "@/lib/idempotency";
import { dashboardKeys } from "@/features/dashboard/queries";
import { historyKeys } from "@/features/history/queries";
import { marketplaceKeys } from "@/features/marketplace/queries";
import { orderKeys } from "./order-query";

/** Balances move with escrow; the wallet screen reads keys under this prefix. */
const WALLET_KEY_PREFIX = ["wallet"] as const;

/** One attempt at a transition, under its intent's key (lib/idempotency.ts): a retry replays the first answer instead of acting twice. */
export type TransitionVariables = { orderId: string; idempotencyKey: string };

/** Everything an order's move can change: the order, the lists, the marketplace, history, the dashboard. */
function refreshAfterMove(queryClient: QueryClient, orderId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
    queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
    queryClient.invalidateQueries({ queryKey: historyKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: WALLET_KEY_PREFIX }),
  ]);
}

function useTransition<V extends TransitionVariables>(path: string, body: (variables: V) => object = () => ({})) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) =>
      api<{ order: Order }>(`/api/orders/${encodeURIComponent(variables.orderId)}/${path}`, {
        method: "POST",
        body: body(variables),
        headers: idempotencyHeader(variables.idempotencyKey),
      }),
    onSuccess: ({ order }, { orderId }) => {
      queryClient.setQueryData(orderKeys.detail(orderId), { order });
      void refreshAfterMove(queryClient, orderId);
    },
    // A refusal usually means the order moved on (e.g. the other party cancelled): show what it is now.
    onError: (_error, { orderId }) => void refreshAfterMove(queryClient, orderId),
  });
}

/** Merchant takes the order (first acceptance wins an open request). The seller's coins lock now. */
export const useAcceptOrderMutation = () => useTransition<TransitionVariables>("accept");
/** Buyer says the naira has been sent. */
export const useMarkPaidMutation = () => useTransition<TransitionVariables>("mark-paid");
/** Seller confirms the naira arrived: the escrow is released to the buyer. */
/** The release; with two-factor on the seller adds a fresh authenticator code. */
export const useConfirmPaymentMutation = () =>
  useTransition<TransitionVariables & { twoFactorCode?: string }>("confirm-payment", ({ twoFactorCode }) =>
    twoFactorCode ? { two_factor_code: twoFactorCode } : {},
  );
export const useCancelOrderMutation = () =>
  useTransition<TransitionVariables & { reason?: string }>("cancel", ({ reason }) => (reason ? { reason } : {}));
export const useOpenAppealMutation = () => useTransition<TransitionVariables & { reason: string }>("appeal", ({ reason }) => ({ reason }));
export const useWithdrawAppealMutation = () => useTransition<TransitionVariables>("withdraw-appeal");

/** 1 to 5 stars for the other party, once per completed order. */
export function useRateOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, stars }: { orderId: string; stars: number }) =>
      api<{ stars: number; reputation_score: string }>(`/api/orders/${encodeURIComponent(orderId)}/rating`, {
        method: "POST",
        body: { stars },
      }),
    onSettled: (_data, _error, { orderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
