import { MESSAGES } from "@p2p/shared";

/** The server's own texts for the auth flows; the spec's fixed texts come from MESSAGES. */
export const AUTH_MESSAGES = {
  signUpSuccess: MESSAGES.signUpSuccessBody,
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed",
  accountSuspended: "Your account has been suspended. Contact support.",
  tooManyFailedSignIns: "Too many failed sign-in attempts. Try again in an hour or reset your password.",
  signInRequired: "Please sign in to continue.",
  confirmationResent: "If that email is registered and not yet confirmed, we sent a new confirmation link.",
  confirmationLinkInvalid: "This confirmation link is invalid or has expired. Sign in to request a new one.",
  resetSent: MESSAGES.resetSentBody,
  resetLinkInvalid: "This password reset link is invalid or has expired. Request a new one.",
  passwordReset: "Your password has been reset. Sign in with your new password.",
  googleNotConfigured: "Google sign-in is not configured on this server.",
  googleUnavailable: "Google sign-in is unavailable right now. Please try again later.",
  googleCancelled: "Google sign-in was cancelled.",
  googleExpired: "Your Google sign-in expired or was started in another browser. Please try again.",
  googleFailed: "Google sign-in failed. Please try again.",
  googleNoVerifiedEmail: "Your Google account has no verified email address.",
} as const;
