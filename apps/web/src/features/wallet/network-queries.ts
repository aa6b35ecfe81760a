import { useQuery } from "@tanstack/react-query";
import type { DepositAddress, Network } from "@p2p/shared";
import { api } from "@/lib/api";

/** Everything read about networks sits under "networks": an admin's change (networks.changed) refreshes it all. */
export const networkKeys = {
  all: ["networks"] as const,
  list: ["networks", "list"] as const,
  depositAddress: (coin: string, network: string) => ["networks", "deposit-address", coin, network] as const,
};

/** The networks of listed coins (GET /api/networks), with their minimums, fees, confirmations and switches. */
export function useNetworks() {
  return useQuery({
    queryKey: networkKeys.list,
    queryFn: ({ signal }) => api<{ networks: Network[] }>("/api/networks", { signal }),
    select: (data) => data.networks,
    staleTime: 60_000,
  });
}

/** Where the caller sends `coin` on `network`: their own address (EVM), or the platform address and their memo (manual). */
export function useDepositAddress(coin: string, network: string | null) {
  return useQuery({
    queryKey: networkKeys.depositAddress(coin, network ?? ""),
    queryFn: ({ signal }) =>
      api<{ deposit_address: DepositAddress }>(`/api/wallet/deposit-address?${new URLSearchParams({ coin, network: network ?? "" })}`, { signal }),
    select: (data) => data.deposit_address,
    enabled: Boolean(coin && network),
    staleTime: 60_000,
  });
}
