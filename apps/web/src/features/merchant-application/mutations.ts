import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MerchantApplication, MerchantApplicationRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { merchantApplicationKeys } from "./queries";

export function useSubmitApplicationMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantApplicationRequest) =>
      api<{ application: MerchantApplication }>("/api/merchant-application", { method: "POST", body }),
    onSuccess: ({ application }) => qc.setQueryData(merchantApplicationKeys.mine, { application }),
    onSettled: () => qc.invalidateQueries({ queryKey: merchantApplicationKeys.all }),
  });
}
