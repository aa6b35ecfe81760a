import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { PASSWORD_MAX } from "../constants.js";
import { passwordSchema } from "./auth.js";

/** TOTP (RFC 6238) as the app uses it: SHA-1, 6 digits, 30-second steps, one step either side. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may take. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;

export const SECURITY_MESSAGES = {
  passwordsDoNotMatch: msg("Passwords do not match"),
  currentPasswordRequired: msg("Enter your current password"),
  currentPasswordWrong: msg("Your current password is incorrect"),
  samePassword: msg("Choose a password different from your current one"),
  passwordChanged: msg("Your password was changed. Every other device was signed out."),
  passwordSet: msg("Your password was set. Every other device was signed out."),
  codeRequired: msg("Enter the 6-digit code from your authenticator app"),
  codeInvalid: msg("That code is not valid. Check your authenticator app and try again."),
  challengeExpired: msg("Your sign-in has expired. Please sign in again."),
  twoFactorAlreadyOn: msg("Two-factor authentication is already on."),
  twoFactorNotStarted: msg("Start the set-up again: no pending two-factor secret was found."),
  twoFactorOff: msg("Two-factor authentication is not on."),
  passwordNeededToDisable: msg("Set a password first: turning two-factor off needs your password and a code."),
  sessionNotFound: msg("That session was not found."),
  stepUpRequired: msg("Enter the 6-digit code from your authenticator app to confirm."),
  recentSignInRequired: msg("For your security, sign out and sign in again, then make this change within 5 minutes."),
  tooManyWrongCodes: msg("Too many wrong codes. Code checks on your account are paused for an hour, and we emailed you."),
} as const;

/** A 6-digit code, or a recovery code (spaces and dashes are ignored). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(1, SECURITY_MESSAGES.codeRequired)
  .max(32, SECURITY_MESSAGES.codeInvalid)
  .transform((s) => s.replace(/[\s-]/g, "").toLowerCase())
  .refine((s) => /^[0-9]{6}$/.test(s) || /^[a-z2-7]{10}$/.test(s), SECURITY_MESSAGES.codeInvalid);

export const changePasswordRequest = z.strictObject({
  /** Absent for an account that signs in with Google only and is setting its first password. */
  current_password: z.string().max(PASSWORD_MAX).optional(),
  new_password: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const sessionInfoSchema = z.object({
  id: z.string().uuid(),
  client: z.enum(["web", "native"]),
  /** The user agent summarised ("Chrome on Windows"), or null when the client sent none. */
  device: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListResponse = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponse>;
export const sessionIdParams = z.strictObject({ id: z.string().uuid(SECURITY_MESSAGES.sessionNotFound) });

export const securityStatusResponse = z.object({
  has_password: z.boolean(),
  two_factor_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type SecurityStatus = z.infer<typeof securityStatusResponse>;

export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

/** The current password proves the change (not needed within 5 minutes of signing in, nor for an account without one). */
const currentPasswordField = z.string().min(1, SECURITY_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX).optional();

export const enableTwoFactorRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, SECURITY_MESSAGES.codeRequired),
  password: currentPasswordField,
});
export type EnableTwoFactorRequest = z.input<typeof enableTwoFactorRequest>;

export const signOutOthersRequest = z.strictObject({ password: currentPasswordField });
export type SignOutOthersRequest = z.input<typeof signOutOthersRequest>;
/** Signing out one other device: the same proof as signing out all of them (signing out this one is sign-out). */
export const revokeSessionRequest = z.strictObject({ password: currentPasswordField });
export type RevokeSessionRequest = z.input<typeof revokeSessionRequest>;
export const signedOutOthersResponse = z.object({ signed_out: z.number().int() });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const disableTwoFactorRequest = z.strictObject({
  password: z.string().min(1, SECURITY_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX),
  code: twoFactorCodeSchema,
});

/** New recovery codes: the password (an account without one, signing in with Google, sends none) and a current code. */
export const renewRecoveryCodesRequest = z.strictObject({
  password: currentPasswordField,
  code: twoFactorCodeSchema,
});
export type RenewRecoveryCodesRequest = z.input<typeof renewRecoveryCodesRequest>;

/**
 * The second step of a sign-in; the session is for the client that started it. The web's
 * challenge after Google travels in a cookie instead of the body.
 */
export const twoFactorSignInRequest = z.strictObject({
  challenge_token: z.string().min(1).max(200).optional(),
  code: twoFactorCodeSchema,
});
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequest>;
