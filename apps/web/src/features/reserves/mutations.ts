import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LiabilityRoot, Reserves } from "@p2p/shared";
import { api } from "@/lib/api";
import { reserveKeys } from "./queries";

type BalanceRead = { coin: string; network: string; error: string | null };

/** "Read balances now": the answer is the section as it now reads, put straight in the cache. */
export function useReadReservesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Reserves & { reads: BalanceRead[] }>("/api/admin/reserves/read", { method: "POST", body: {} }),
    onSuccess: ({ reads: _reads, ...reserves }) => queryClient.setQueryData(reserveKeys.admin, reserves),
  });
}

/** "Publish proof of liabilities now": new roots for /status and every user's check. */
export function useBuildLiabilitiesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coin?: string) => api<{ roots: LiabilityRoot[] }>("/api/admin/liabilities", { method: "POST", body: coin ? { coin } : {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reserveKeys.roots }),
        queryClient.invalidateQueries({ queryKey: ["wallet", "liability-proof"] }),
        // The audit log shows the build.
        queryClient.invalidateQueries({ queryKey: ["admin"] }),
      ]),
  });
}
