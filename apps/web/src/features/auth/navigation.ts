import type { Me } from "@p2p/shared";

/** What RequireAuth hands /auth: where the visitor was going, and why their session ended (if it did). */
export type AuthState = { from: string; ended?: string };

/** The reason a session ended, as RequireAuth handed it to /auth. */
export function endedReasonFrom(state: unknown): string | null {
  const ended = (state as Partial<AuthState> | null)?.ended;
  return typeof ended === "string" ? ended : null;
}

/** Where RequireAuth sent the visitor from, when it is a safe in-app path worth returning to. */
export function returnPathFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from === "/" || from.startsWith("/auth") || from.startsWith("/complete-profile")) return null;
  return from;
}

/** After a sign-in: finish the profile first if it is incomplete, else back to where they were going. */
export function afterSignInPath(user: Pick<Me, "needs_profile">, locationState?: unknown): string {
  if (user.needs_profile) return "/complete-profile";
  return returnPathFrom(locationState) ?? "/dashboard";
}
