import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { retiredRefreshTokens, sessions } from "../db/schema.js";
import { hashToken, verifyAccessToken } from "./tokens.js";

/**
 * Ends the caller's session, found by its access token (even a lapsed one: signing out must work
 * after 15 idle minutes) or by any refresh token it ever had: the current one, or one it rotated
 * away (a device that missed a rotation still ends its session). Signing out twice, or while
 * signed out, is fine. Answers whose sessions ended.
 */
export async function signOut(db: Db, secret: string, credentials: { accessToken?: string; refreshToken?: string }): Promise<string[]> {
  const conditions = [];
  if (credentials.accessToken) {
    // nowSeconds 0: the signature must hold, the expiry does not matter for ending a session.
    const verified = verifyAccessToken(credentials.accessToken, secret, 0);
    if (verified.ok) conditions.push(and(eq(sessions.id, verified.claims.sid), eq(sessions.userId, verified.claims.uid)));
  }
  if (credentials.refreshToken) {
    const hash = hashToken(credentials.refreshToken);
    conditions.push(
      or(
        eq(sessions.refreshHash, hash),
        eq(sessions.previousRefreshHash, hash),
        inArray(sessions.id, db.select({ id: retiredRefreshTokens.sessionId }).from(retiredRefreshTokens).where(eq(retiredRefreshTokens.hash, hash))),
      ),
    );
  }
  if (conditions.length === 0) return [];
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "sign_out" })
    .where(and(or(...conditions), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return [...new Set(ended.map((s) => s.userId))];
}
