/** Referral codes are 'REF' plus the first 8 hex characters of the referrer's id, uppercase. */
export const REFERRAL_CODE_PATTERN = /^REF[0-9A-F]{8}$/;

export function referralCodeFor(userId: string): string {
  return `REF${userId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The lowercase id prefix a valid code points at, or null for a malformed code. */
export function referralIdPrefix(code: string): string | null {
  return REFERRAL_CODE_PATTERN.test(code) ? code.slice(3).toLowerCase() : null;
}

/** Auto-generated usernames ('user_' + first 8 characters of the id) do not count as real. */
export function placeholderUsername(userId: string): string {
  return `user_${userId.slice(0, 8)}`;
}

export function needsProfileCompletion(p: { id: string; username: string | null; phone_number: string | null }): boolean {
  return !p.username || p.username === placeholderUsername(p.id) || !p.phone_number;
}
