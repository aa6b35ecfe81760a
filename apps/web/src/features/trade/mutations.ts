import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateOpenRequestRequest, CreateOrderRequest, Order } from "@p2p/shared";
import { api } from "@/lib/api";
import { idempotencyHeader } from "@/lib/idempotency";
import { coinKeys } from "@/features/coins/queries";
import { dashboardKeys } from "@/features/dashboard/queries";
import { offerKeys } from "@/features/offers/queries";
import { orderKeys } from "@/features/orders/order-query";
import { walletKeys } from "@/features/wallet/queries";

type Keyed<T> = { body: T; idempotencyKey: string };

/** A new order moves escrow and counts: refresh orders, the dashboard, the wallet and offers. */
function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: offerKeys.all }),
      queryClient.invalidateQueries({ queryKey: coinKeys.list }),
    ]);
}

/** An order against the chosen merchant's offer (POST /api/orders). */
export function useCreateOrderMutation() {
  const refresh = useRefreshAfterOrder();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CreateOrderRequest>) =>
      api<{ order: Order }>("/api/orders", { body, headers: idempotencyHeader(idempotencyKey) }),
    onSuccess: () => void refresh(),
  });
}

/** An open request any online merchant may take on /marketplace (POST /api/orders/open-requests). */
export function useCreateOpenRequestMutation() {
  const refresh = useRefreshAfterOrder();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CreateOpenRequestRequest>) =>
      api<{ order: Order }>("/api/orders/open-requests", { body, headers: idempotencyHeader(idempotencyKey) }),
    onSuccess: () => void refresh(),
  });
}
