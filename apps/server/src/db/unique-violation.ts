/**
 * The constraint a unique violation (PostgreSQL 23505) broke, or null for any other error.
 * Drizzle wraps driver errors, so the cause chain is walked; both pg and PGlite name the constraint.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") return typeof candidate.constraint === "string" ? candidate.constraint : "";
    e = candidate.cause;
  }
  return null;
}
