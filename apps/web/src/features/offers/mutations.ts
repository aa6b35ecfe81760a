import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Offer, UpsertOfferRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { coinKeys } from "@/features/coins/queries";
import { offerKeys } from "./queries";

/** Saves the merchant's one offer for a coin; prices shown elsewhere refresh with it. */
export function useUpsertOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, body }: { coin: string; body: UpsertOfferRequest }) =>
      api<{ offer: Offer }>(`/api/offers/${encodeURIComponent(coin)}`, { method: "PUT", body }),
    onSuccess: ({ offer }) => {
      queryClient.setQueryData<{ offers: Offer[] }>(offerKeys.mine, (data) => {
        if (!data) return data;
        const others = data.offers.filter((o) => o.coin !== offer.coin);
        return { offers: [...others, offer].sort((a, b) => a.coin.localeCompare(b.coin)) };
      });
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void queryClient.invalidateQueries({ queryKey: coinKeys.list });
    },
  });
}
