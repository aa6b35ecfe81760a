/** Business constants from spec §9 and DESIGN §6. */
export const PRODUCT_NAME = "NaijaP2P";
export const SPLASH_MS = 2000;
export const FIELD_CHECK_DEBOUNCE_MS = 500;
/** Username must be longer than this many characters. */
export const USERNAME_MIN_EXCLUSIVE = 4;
export const USERNAME_MAX = 30;
export const PHONE_MAX = 20;
export const FULL_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const RECENT_ACTIVITY_LIMIT = 5;
export const NOTIFICATION_PREVIEW_CHARS = 50;
export const ORDER_STEPS = 5;
export const BADGE_CAP = 99;
export const BROWSER_NOTIFICATION_CLOSE_MS = 10_000;
export const TOAST_MS = 5_000;
export const LOCAL_NOTIFICATION_DELAY_MS = 500;
export const PUSH_LOCAL_NOTIFICATION_DELAY_MS = 1_000;
export const THEME_STORAGE_KEY = "vite-ui-theme";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** Wrong passwords for one account from anywhere within an hour; beyond, the right password gets a mailed sign-in link instead of a session. */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 100;
/** Wrong passwords for one account from one IP address; beyond, that address waits out the window. */
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 10;
export const FAILED_SIGN_IN_ADDRESS_WINDOW_MINUTES = 15;
/** Wrong second-factor codes (sign-in, money moves, two-factor changes) per account per hour; beyond, every code is refused until the hour passes and the owner is mailed. */
export const MAX_WRONG_CODES_PER_HOUR = 10;
/** A security change without the current password needs a sign-in at most this recent. */
export const RECENT_SIGN_IN_MINUTES = 5;
/** A password reset by mail removes two-factor turned on within this many hours (a thief's, set with a stolen session). */
export const TWO_FACTOR_RESET_WINDOW_HOURS = 72;
export const CURRENCY = "NGN";

/** Caps a badge count the way the bottom bar shows it: 0–99, then '99+'. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
