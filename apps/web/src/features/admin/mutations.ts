import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCoin, Deposit, Order, PayoutBatch, Withdrawal } from "@p2p/shared";
import { api } from "@/lib/api";
import { idempotencyHeader } from "@/lib/idempotency";
import { adminKeys } from "./queries";

/**
 * Every admin action that moves money carries an Idempotency-Key (DESIGN §2), one per intent
 * (lib/idempotency.ts), so a retry after a dropped connection cannot act twice.
 */
type Keyed<T> = T & { idempotencyKey: string };

/** Refreshes the whole panel after any action (the overview counts move with every queue). */
function useAdminMutation<Input, Result>(run: (input: Input) => Promise<Result>, scope: "admin" | "everything" = "admin") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries(scope === "admin" ? { queryKey: adminKeys.all } : undefined),
  });
}

const post = <T>(path: string, body: object, idempotencyKey?: string) =>
  api<T>(path, { method: "POST", body, headers: idempotencyKey ? idempotencyHeader(idempotencyKey) : undefined });

export const useConfirmDepositMutation = () =>
  useAdminMutation(({ id, idempotencyKey }: Keyed<{ id: string }>) =>
    post<{ deposit: Deposit }>(`/api/admin/deposits/${id}/confirm`, {}, idempotencyKey),
  );

export const useRejectDepositMutation = () =>
  useAdminMutation(({ id, reason, idempotencyKey }: Keyed<{ id: string; reason: string }>) =>
    post<{ deposit: Deposit }>(`/api/admin/deposits/${id}/reject`, { reason }, idempotencyKey),
  );

export const useApproveWithdrawalMutation = () =>
  useAdminMutation(({ id, idempotencyKey }: Keyed<{ id: string }>) =>
    post<{ withdrawal: Withdrawal }>(`/api/admin/withdrawals/${id}/approve`, {}, idempotencyKey),
  );

export const useMarkWithdrawalSentMutation = () =>
  useAdminMutation(({ id, txHash, idempotencyKey }: Keyed<{ id: string; txHash: string }>) =>
    post<{ withdrawal: Withdrawal }>(`/api/admin/withdrawals/${id}/sent`, { tx_hash: txHash }, idempotencyKey),
  );

export const useRejectWithdrawalMutation = () =>
  useAdminMutation(({ id, reason, idempotencyKey }: Keyed<{ id: string; reason: string }>) =>
    post<{ withdrawal: Withdrawal }>(`/api/admin/withdrawals/${id}/reject`, { reason }, idempotencyKey),
  );

export const useCreatePayoutBatchMutation = () =>
  useAdminMutation(({ coin, network, idempotencyKey }: Keyed<{ coin: string; network: string }>) =>
    post<{ batch: PayoutBatch }>("/api/admin/payout-batches", { coin, network }, idempotencyKey),
  );

export type AppealOutcome = "release" | "refund";

export const useResolveAppealMutation = () =>
  useAdminMutation(({ id, outcome, reason, idempotencyKey }: Keyed<{ id: string; outcome: AppealOutcome; reason: string }>) =>
    post<{ order: Order }>(`/api/admin/orders/${id}/resolve`, { outcome, reason }, idempotencyKey),
  );

export const useUpdateCoinMutation = () =>
  useAdminMutation(
    ({ symbol, ...body }: { symbol: string; listed?: boolean; fee_bps?: number }) =>
      api<{ coin: AdminCoin }>(`/api/admin/coins/${encodeURIComponent(symbol)}`, { method: "PATCH", body }),
    // Listing changes what every coin list and price screen shows.
    "everything",
  );
