import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateNetworkRequest, Network, UpdateNetworkRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { networkKeys } from "@/features/wallet/network-queries";

/** Under the "networks" prefix, so an admin's change elsewhere (networks.changed) refreshes the section too. */
const adminNetworksKey = [...networkKeys.all, "admin"] as const;

/** Every coin's networks, listed or not (GET /api/admin/networks). */
export function useAdminNetworks() {
  return useQuery({
    queryKey: adminNetworksKey,
    queryFn: ({ signal }) => api<{ networks: Network[] }>("/api/admin/networks", { signal }),
    select: (data) => data.networks,
  });
}

function useNetworksMutation<V>(send: (variables: V) => Promise<{ network: Network }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }) });
}

export const useUpdateNetworkMutation = () =>
  useNetworksMutation(({ coin, code, body }: { coin: string; code: string; body: UpdateNetworkRequest }) =>
    api<{ network: Network }>(`/api/admin/networks/${encodeURIComponent(coin)}/${encodeURIComponent(code)}`, { method: "PATCH", body }),
  );

export const useCreateNetworkMutation = () =>
  useNetworksMutation((body: CreateNetworkRequest) => api<{ network: Network }>("/api/admin/networks", { body }));
