import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Coin } from "@p2p/shared";
import { api } from "@/lib/api";
import { coinKeys } from "./queries";

type WatchVars = { symbol: string; watch: boolean };

/** Watch or unwatch a coin (price_update notifications), flipping the star at once and undoing it on failure. */
export function useWatchCoinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, watch }: WatchVars) => api<void>(`/api/coins/${encodeURIComponent(symbol)}/watch`, { method: watch ? "POST" : "DELETE" }),
    onMutate: async ({ symbol, watch }) => {
      await queryClient.cancelQueries({ queryKey: coinKeys.list });
      const before = queryClient.getQueryData<{ coins: Coin[] }>(coinKeys.list);
      queryClient.setQueryData<{ coins: Coin[] }>(
        coinKeys.list,
        (data) => data && { coins: data.coins.map((c) => (c.symbol === symbol ? { ...c, watched: watch } : c)) },
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(coinKeys.list, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coinKeys.list }),
  });
}
