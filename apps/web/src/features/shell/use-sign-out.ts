import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { MESSAGES } from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { authKeys } from "@/features/auth/queries";

/** Route state the landing page reads so it does not bounce a just-signed-out visitor back to /dashboard. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/** Sign out: revoke the session, leave the signed-in routes, forget every cached answer, say so (spec §8). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finish = async () => {
    // Leave the protected routes first (synchronously), so the auth guard never sees a null session there.
    await navigate("/", { replace: true, state: SIGNED_OUT_STATE, flushSync: true });
    queryClient.clear();
    queryClient.setQueryData(authKeys.session, { user: null });
    toast.success(MESSAGES.signedOutTitle, { description: MESSAGES.signedOutBody });
  };
  return useMutation({
    mutationFn: () => api<void>("/api/auth/sign-out", { method: "POST", body: {} }),
    onSuccess: () => finish(),
    onError: (error) => {
      // An already-ended session is as good as signed out.
      if (isApiError(error) && error.status === 401) return finish();
      toast.error(MESSAGES.errorTitle, { description: error.message });
    },
  });
}
