import { useQuery } from "@tanstack/react-query";
import type { LiabilityProofAnswer, LiabilityRoot, Reserves } from "@p2p/shared";
import { api } from "@/lib/api";

/** Reserves and proof of liabilities: the admins' section lives under the admin panel's keys, so its actions refresh it. */
export const reserveKeys = {
  admin: ["admin", "reserves"] as const,
  roots: ["liabilities"] as const,
  proof: (coin: string) => ["wallet", "liability-proof", coin] as const,
};

export function useAdminReserves() {
  return useQuery({
    queryKey: reserveKeys.admin,
    queryFn: ({ signal }) => api<Reserves>("/api/admin/reserves", { signal }),
    refetchInterval: 60_000,
  });
}

/** The latest published root of each coin (public: /status and the wallet's check). */
export function useLiabilityRoots() {
  return useQuery({
    queryKey: reserveKeys.roots,
    queryFn: ({ signal }) => api<{ roots: LiabilityRoot[] }>("/api/liabilities", { signal }),
    staleTime: 60_000,
  });
}

/** The caller's own leaf and path in the coin's latest snapshot; only read when the dialog opens. */
export function useLiabilityProof(coin: string, enabled: boolean) {
  return useQuery({
    queryKey: reserveKeys.proof(coin),
    queryFn: ({ signal }) => api<{ proof: LiabilityProofAnswer }>(`/api/wallet/liability-proof?coin=${encodeURIComponent(coin)}`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
