import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "@/ui/toast";
import {
  MESSAGES,
  type ChangePasswordRequest,
  type EnableTwoFactorRequest,
  type Me,
  type RecoveryCodesResponse,
  type RenewRecoveryCodesRequest,
  type RevokeSessionRequest,
  type SessionResponse,
  type SignOutOthersRequest,
  type TwoFactorSetup,
} from "@p2p/shared";
import { sessionStarted } from "@/lib/session-end";
import { api, isApiError } from "@/lib/api";
import { i18n } from "@/i18n/i18n";
import { translateServerText } from "@/i18n/server-text";
import { authKeys, isSessionKey } from "./queries";
import { isNativeShell } from "@/pwa/register-sw";

type MessageResponse = { message: string };

export type SignInBody = { email: string; password: string; client?: "web" | "native" };
export type SignUpBody = {
  full_name: string;
  username: string;
  phone_number: string;
  email: string;
  password: string;
  referral_code?: string;
};

/** Everything cached belongs to one account: drop it all except the session itself. */
function forgetAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
}

function setSessionUser(queryClient: QueryClient, user: Me | null) {
  if (user) sessionStarted();
  queryClient.setQueryData<SessionResponse>(authKeys.session, { user });
}

/** POST /api/auth/sign-in; on success the session query holds the new user. */
export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api<SessionResponse>("/api/auth/sign-in", { body }),
    onSuccess: (session) => {
      forgetAccountData(queryClient);
      setSessionUser(queryClient, session.user);
    },
  });
}

/**
 * POST /api/auth/sign-in/two-factor: the code after the password (or Google). Without a
 * challenge token the server uses the one a Google sign-in left in its cookie.
 */
export function useTwoFactorSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { challenge_token?: string; code: string }) => api<SessionResponse>("/api/auth/sign-in/two-factor", { body }),
    onSuccess: (session) => {
      forgetAccountData(queryClient);
      setSessionUser(queryClient, session.user);
    },
  });
}

/** POST /api/auth/sign-up: no session yet, the email must be confirmed first. */
export function useSignUpMutation() {
  return useMutation({
    mutationFn: (body: SignUpBody) => api<MessageResponse>("/api/auth/sign-up", { body }),
  });
}

/** Route state telling the landing page not to bounce a just-signed-out visitor to /dashboard. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/**
 * POST /api/auth/sign-out, then / with the spec's toast (§4, §8). The signed-in routes are left
 * first (synchronously), so no guard ever sees the session turn null under it. An already-ended
 * session counts as signed out.
 */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // Inside the app, this phone stops receiving the account's pushes first (while still signed in).
      if (isNativeShell()) await import("@/native").then((native) => native.unregisterPush()).catch(() => undefined);
      try {
        await api<void>("/api/auth/sign-out", { method: "POST", body: {} });
      } catch (err) {
        if (!(isApiError(err) && err.status === 401)) throw err;
      }
    },
    onSuccess: async () => {
      flushSync(() => void navigate("/", { replace: true, state: SIGNED_OUT_STATE }));
      setSessionUser(queryClient, null);
      forgetAccountData(queryClient);
      toast.success(i18n.t(MESSAGES.signedOutTitle), { description: i18n.t(MESSAGES.signedOutBody) });
    },
    onError: (err) => {
      toast.error(i18n.t(MESSAGES.errorTitle), { description: translateServerText(err.message) });
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => api<MessageResponse>("/api/auth/forgot-password", { body: { email } }),
  });
}

export function useResendConfirmationMutation() {
  return useMutation({
    mutationFn: (email: string) => api<MessageResponse>("/api/auth/resend-confirmation", { body: { email } }),
  });
}

/** A reset ends every session of the account (API.md), this browser's included. */
export function useResetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api<MessageResponse>("/api/auth/reset-password", { body }),
    onSuccess: () => {
      setSessionUser(queryClient, null);
      forgetAccountData(queryClient);
    },
  });
}

/** PATCH /api/profile with the username and phone number; the session gets the updated user. */
export function useCompleteProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; phone_number: string }) => api<{ user: Me }>("/api/profile", { method: "PATCH", body }),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}

/** POST /api/auth/password: change (or first set) the password; every other session ends. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api<MessageResponse>("/api/auth/password", { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.security });
      void queryClient.invalidateQueries({ queryKey: authKeys.sessions });
    },
  });
}

/** DELETE /api/auth/sessions/:id: sign out one other device (the password, unless just signed in). */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RevokeSessionRequest }) =>
      api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}

/** POST /api/auth/sessions/sign-out-others: every session but this one ends (the password, unless just signed in). */
export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignOutOthersRequest) => api<{ signed_out: number }>("/api/auth/sessions/sign-out-others", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}

/** POST /api/auth/two-factor/setup: a new secret, shown once, until a code confirms it. */
export function useTwoFactorSetupMutation() {
  return useMutation({
    mutationFn: () => api<TwoFactorSetup>("/api/auth/two-factor/setup", { body: {} }),
  });
}

/** POST /api/auth/two-factor/enable: a code from the new secret turns two-factor on; answers the recovery codes. */
export function useEnableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnableTwoFactorRequest) => api<RecoveryCodesResponse>("/api/auth/two-factor/enable", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security }),
  });
}

/** POST /api/auth/two-factor/disable: needs the password and a code. */
export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => api<void>("/api/auth/two-factor/disable", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security }),
  });
}

/** POST /api/auth/two-factor/recovery-codes: ten new recovery codes for the password (if any) and a code; the old ones stop working. */
export function useRenewRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewRecoveryCodesRequest) => api<RecoveryCodesResponse>("/api/auth/two-factor/recovery-codes", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.security }),
  });
}
