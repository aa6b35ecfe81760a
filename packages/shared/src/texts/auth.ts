import { msg } from "../i18n/languages.js";
import { MESSAGES } from "../messages.js";

/** The server's own texts for the auth flows; the spec's fixed texts come from MESSAGES. */
export const AUTH_MESSAGES = {
  signUpSuccess: MESSAGES.signUpSuccessBody,
  invalidCredentials: msg("Invalid login credentials"),
  emailNotConfirmed: msg("Email not confirmed"),
  accountSuspended: msg("Your account has been suspended. Contact support."),
  tooManyFailedSignInsHere: msg("Too many failed sign-in attempts from here. Wait 15 minutes or reset your password."),
  signInLinkSent: msg("We sent you an email with a link to finish signing in. Open it on this device."),
  signInLinkInvalid: msg("This sign-in link is invalid or has expired. Sign in again."),
  signInRequired: msg("Please sign in to continue."),
  /** Why a signed-in tab was sent to /auth: its session ended (apps/server/src/auth/ended-session.ts). */
  sessionEndedPasswordChanged: msg("Your password was changed, so you were signed out. Sign in with the new password."),
  sessionEndedElsewhere: msg("You were signed out from another device. Sign in again to continue."),
  sessionEndedSignedOut: msg("You signed out. Sign in again to continue."),
  sessionExpired: msg("Your session expired. Sign in again to continue."),
  confirmationResent: msg("If that email is registered and not yet confirmed, we sent a new confirmation link."),
  confirmationLinkInvalid: msg("This confirmation link is invalid or has expired. Sign in to request a new one."),
  resetSent: MESSAGES.resetSentBody,
  resetLinkInvalid: msg("This password reset link is invalid or has expired. Request a new one."),
  passwordReset: msg("Your password has been reset. Sign in with your new password."),
  googleNotConfigured: msg("Google sign-in is not configured on this server."),
  googleUnavailable: msg("Google sign-in is unavailable right now. Please try again later."),
  googleCancelled: msg("Google sign-in was cancelled."),
  googleExpired: msg("Your Google sign-in expired or was started in another browser. Please try again."),
  googleFailed: msg("Google sign-in failed. Please try again."),
  googleRefused: msg("Google sign-in failed: {{reason}}"),
  googleNoVerifiedEmail: msg("Your Google account has no verified email address."),
  googleLinkedElsewhere: msg("This email is already linked to another Google account."),
  passwordTooCommon: msg("This password is too common. Choose a less common one."),
  sessionNeedsRefresh: msg("Your session needs refreshing."),
  passwordChangedElsewhere: msg("Your password was just changed elsewhere. Reload and try again."),
} as const;
