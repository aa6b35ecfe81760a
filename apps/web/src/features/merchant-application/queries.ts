import { useQuery } from "@tanstack/react-query";
import type { MerchantApplication } from "@p2p/shared";
import { api } from "@/lib/api";

export const merchantApplicationKeys = {
  all: ["merchant-application"] as const,
  mine: ["merchant-application", "mine"] as const,
};

/** The caller's latest application (pending, approved or rejected), or null. */
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: merchantApplicationKeys.mine,
    queryFn: ({ signal }) => api<{ application: MerchantApplication | null }>("/api/merchant-application", { signal }),
    select: (data) => data.application,
    enabled,
  });
}
