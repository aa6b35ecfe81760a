import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/** Why a session was revoked, in the words its tabs show on /auth (revoked_reason → text). */
const REVOKED: Record<string, string> = {
  password_change: AUTH_MESSAGES.sessionEndedPasswordChanged,
  password_reset: AUTH_MESSAGES.sessionEndedPasswordChanged,
  signed_out_remotely: AUTH_MESSAGES.sessionEndedElsewhere,
  refresh_reuse: AUTH_MESSAGES.sessionEndedElsewhere,
  google_link: AUTH_MESSAGES.sessionEndedElsewhere,
  sign_out: AUTH_MESSAGES.sessionEndedSignedOut,
  suspended: AUTH_MESSAGES.accountSuspended,
};

/**
 * The 401 for a request whose session no longer works, saying why (suspended, password changed,
 * signed out elsewhere, expired), so every open tab of it can tell its person in one line. Read
 * only once a session has failed, never on the signed-in path.
 */
export async function endedSessionError(db: Db, where: { sessionId: string } | { refreshHash: string }): Promise<AppError> {
  const [row] = await db
    .select({
      revokedReason: sessions.revokedReason,
      revoked: sql<boolean>`${sessions.revokedAt} is not null`,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where("sessionId" in where ? eq(sessions.id, where.sessionId) : eq(sessions.refreshHash, where.refreshHash))
    .limit(1);
  return new AppError("UNAUTHENTICATED", row ? endedMessage(row) : AUTH_MESSAGES.signInRequired);
}

function endedMessage(row: { revokedReason: string | null; revoked: boolean; expired: boolean; suspended: boolean }): string {
  if (row.suspended) return AUTH_MESSAGES.accountSuspended;
  if (row.revoked) return REVOKED[row.revokedReason ?? ""] ?? AUTH_MESSAGES.sessionEndedElsewhere;
  if (row.expired) return AUTH_MESSAGES.sessionExpired;
  return AUTH_MESSAGES.signInRequired;
}
