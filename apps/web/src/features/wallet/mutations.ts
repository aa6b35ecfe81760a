import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateDepositRequest, CreateWithdrawalRequest, Deposit, Withdrawal } from "@p2p/shared";
import { api } from "@/lib/api";
import { idempotencyHeader } from "@/lib/idempotency";
import { walletKeys } from "./queries";

type Keyed<T> = { body: T; idempotencyKey: string };

/** Every wallet view (balances, entries, deposits, withdrawals) refreshes after money moves. */
function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export function useCreateDepositMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CreateDepositRequest>) =>
      api<{ deposit: Deposit }>("/api/wallet/deposits", { body, headers: idempotencyHeader(idempotencyKey) }),
    onSuccess: invalidate,
  });
}

export function useCreateWithdrawalMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<CreateWithdrawalRequest>) =>
      api<{ withdrawal: Withdrawal }>("/api/wallet/withdrawals", { body, headers: idempotencyHeader(idempotencyKey) }),
    onSuccess: invalidate,
  });
}

/** Cancels a pending withdrawal: its coins go back to available. */
export function useCancelWithdrawalMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      api<{ withdrawal: Withdrawal }>(`/api/wallet/withdrawals/${encodeURIComponent(id)}/cancel`, {
        body: {},
        headers: idempotencyHeader(idempotencyKey),
      }),
    onSettled: invalidate,
  });
}
