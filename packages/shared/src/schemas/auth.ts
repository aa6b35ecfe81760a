import { z } from "zod";
import { LANGUAGE_CODES, msg } from "../i18n/languages.js";
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, USERNAME_MAX, USERNAME_MIN_EXCLUSIVE } from "../constants.js";
import { MESSAGES } from "../messages.js";
import { REFERRAL_CODE_PATTERN } from "../referral.js";
import { ROLES } from "../roles.js";

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, msg("Email address is too long"))
  .email(msg("Enter a valid email address"))
  .transform((s) => s.toLowerCase());

export const usernameSchema = z
  .string()
  .trim()
  .refine((s) => s.length > USERNAME_MIN_EXCLUSIVE, MESSAGES.usernameTooShort)
  .refine((s) => s.length <= USERNAME_MAX, msg("Username must be at most 30 characters long"))
  .refine((s) => /^[A-Za-z0-9_.]+$/.test(s), msg("Username may only contain letters, numbers, dots and underscores"));

export const PHONE_INVALID = msg("Enter a valid phone number");

/**
 * Nigerian or international phone numbers as people type them ("0803 000 0004", "+234 803 000
 * 0004", "(0803) 000-0004"): digits with an optional leading '+', 7–15 digits once spaces,
 * dashes, dots and brackets are dropped. The server stores the number in E.164 (Nigeria when no
 * country code is given), so each number is one value however it was typed.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, msg("Phone number is too long"))
  .transform((s) => s.replace(/[\s\-.()]/g, ""))
  .refine((s) => /^\+?[0-9]{7,15}$/.test(s), PHONE_INVALID);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, msg("Password must be at least 8 characters long"))
  .max(PASSWORD_MAX, msg("Password must be at most 128 characters long"));

/** Control characters (NUL cannot even be stored) or half a surrogate pair (not valid Unicode). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_TEXT = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, msg("Full name is required"))
  .max(FULL_NAME_MAX, msg("Full name must be at most 100 characters long"))
  .refine(isSafeText, msg("Full name may not contain control characters"));

/** Malformed codes are accepted and ignored: referral failures are silent (spec §5). */
export const referralCodeInput = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((s) => (s && REFERRAL_CODE_PATTERN.test(s.toUpperCase()) ? s.toUpperCase() : undefined));

export const clientKind = z.enum(["web", "native"]).default("web");

export const signUpRequest = z.strictObject({
  full_name: fullNameSchema,
  username: usernameSchema,
  phone_number: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
  referral_code: referralCodeInput,
});
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signInRequest = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, msg("Enter your password")).max(PASSWORD_MAX),
  client: clientKind,
});
export type SignInRequest = z.input<typeof signInRequest>;

export const refreshRequest = z.strictObject({
  refresh_token: z.string().max(200).optional(),
});

export const forgotPasswordRequest = z.strictObject({ email: emailSchema });
export const resetPasswordRequest = z.strictObject({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});
export const resendConfirmationRequest = z.strictObject({ email: emailSchema });

export const checkUsernameQuery = z.strictObject({ username: z.string().max(200) });
export const checkPhoneQuery = z.strictObject({ phone_number: z.string().max(200) });
export const checkEmailRequest = z.strictObject({
  email_to_check: z.string().max(EMAIL_MAX).refine(isSafeText, msg("Enter a valid email address")),
});
export const availabilityResponse = z.object({ available: z.boolean() });
export const emailExistsResponse = z.object({ exists: z.boolean() });

export const completeProfileRequest = z.strictObject({
  username: usernameSchema,
  phone_number: phoneSchema,
});
export type CompleteProfileRequest = z.input<typeof completeProfileRequest>;

export const meSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  full_name: z.string(),
  username: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  reputation_score: z.string(),
  total_trades: z.number().int(),
  referral_code: z.string(),
  needs_profile: z.boolean(),
  /** The language chosen for this person (profile), which the app switches to on sign-in. */
  language: z.enum(LANGUAGE_CODES),
  created_at: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const sessionResponse = z.object({
  user: meSchema.nullable(),
  /** Only for the native client, which keeps its tokens in secure storage. */
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  /** Two-factor is on: no session yet; send a code with this challenge to /api/auth/sign-in/two-factor. */
  two_factor: z.object({ challenge_token: z.string(), expires_in: z.number().int() }).optional(),
  /** The right password after too many wrong ones: no session; the owner was mailed a link that finishes the sign-in (202). */
  sign_in_link_sent: z.literal(true).optional(),
  /**
   * GET /api/auth/session, signed in: the newest event id of each topic the tab follows
   * (`standingTopics`), read before the answer was sent. The tab subscribes from these ids, so the
   * events after them are replayed and the screens read after this answer need no second read.
   */
  realtime_cursors: z.record(z.string(), z.number().int().nonnegative()).optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const messageResponse = z.object({ message: z.string() });
export const providersResponse = z.object({ google: z.boolean(), telegram: z.boolean() });
