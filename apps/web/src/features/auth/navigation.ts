import type { Me } from "@p2p/shared";

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
