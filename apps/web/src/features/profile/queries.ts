import { useQuery } from "@tanstack/react-query";
import type { ProfileResponse } from "@p2p/shared";
import { api } from "@/lib/api";

export const profileKeys = {
  mine: ["profile", "mine"] as const,
};

/** GET /api/profile: the signed-in person's profile, referrals and ratings received. */
export function useMyProfile() {
  return useQuery({
    queryKey: profileKeys.mine,
    queryFn: () => api<ProfileResponse>("/api/profile"),
  });
}
