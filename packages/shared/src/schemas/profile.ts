import { z } from "zod";
import { LANGUAGE_CODES } from "../i18n/languages.js";
import { ROLES } from "../roles.js";

/** GET /api/profile: the signed-in person's own profile page. */
export const profileResponse = z.object({
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  member_since: z.string(),
  reputation_score: z.string(),
  total_trades: z.number().int(),
  /** Completed orders among the caller's finished ones (completed + cancelled), 0–100; null with none finished. */
  completion_rate: z.number().nullable(),
  /** The orders the rate is computed from (completed plus the cancels this person was answerable for). */
  completion_orders: z.number().int(),
  referral_code: z.string(),
  referral_link: z.string(),
  referred_users: z.array(z.object({ username: z.string(), joined_at: z.string() })),
  ratings: z.array(
    z.object({
      id: z.string().uuid(),
      stars: z.number().int(),
      comment: z.string().nullable(),
      from_username: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** PUT /api/profile/language: the language the app, e-mails and Telegram speak to this person in. */
export const languageUpdateRequest = z.strictObject({ language: z.enum(LANGUAGE_CODES) });
export type LanguageUpdateRequest = z.infer<typeof languageUpdateRequest>;
export const languageResponse = z.object({ language: z.enum(LANGUAGE_CODES) });
