import { msg } from "../i18n/languages.js";

/**
 * What a tab says when its session ended without a reason of its own. Apart from AUTH_MESSAGES
 * because every signed-in screen may need it, and the sign-in forms' texts only /auth.
 */
export const SESSION_ENDED_TEXT = msg("Your session has ended. Sign in again to continue.");
