import { emailSchema, msg, phoneSchema, usernameSchema } from "@p2p/shared";
import type { Precheck } from "./field-check";

type Parsed = { success: true; data: string } | { success: false; error: { issues: { message: string }[] } };

function fromParse(parsed: Parsed, isOwn: (value: string) => boolean = () => false): Precheck {
  if (!parsed.success) return { kind: "invalid", message: parsed.error.issues[0]?.message ?? msg("Enter a valid value") };
  if (isOwn(parsed.data)) return { kind: "valid" };
  return { kind: "ask", query: parsed.data };
}

/**
 * Username: longer than 4 characters first (spec §5: 'Username must be more than 4 characters
 * long'), then the shared format rules, then uniqueness on the server. `own` is the signed-in
 * user's current username, which counts as available to them; like the server, letter case
 * does not make a username different.
 */
export function usernamePrecheck(value: string, own?: string | null): Precheck {
  if (!value.trim()) return { kind: "empty" };
  return fromParse(usernameSchema.safeParse(value), (u) => !!own && u.toLowerCase() === own.toLowerCase());
}

/** Phone numbers are compared and checked in the normalised form the server stores. */
export function phonePrecheck(value: string, own?: string | null): Precheck {
  if (!value.trim()) return { kind: "empty" };
  return fromParse(phoneSchema.safeParse(value), (phone) => !!own && phone === own);
}

export function emailPrecheck(value: string): Precheck {
  if (!value.trim()) return { kind: "empty" };
  return fromParse(emailSchema.safeParse(value));
}
