import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type Me } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { retiredRefreshTokens, sessions, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { accessTokenFor } from "./issue-session.js";
import { loadMe } from "./load-me.js";
import { AUTH_MESSAGES } from "@p2p/shared";
import { hashToken, randomToken } from "./tokens.js";
import { endedSessionError } from "./ended-session.js";

export type RefreshResult = {
  me: Me;
  accessToken: string;
  /** Absent when a just-rotated token was presented again within the grace window. */
  refreshToken?: string;
};

/**
 * Rotates the refresh token, compare-and-set on its hash, so of two concurrent refreshes only one
 * rotates; the replaced token is recorded as retired in the same statement. The token just
 * replaced is a benign race within the grace window (a new access token, no rotation). Any other
 * retired token of the session coming back, or the just-replaced one later, means its tokens
 * leaked, and the whole session ends.
 */
export async function refreshSession(db: Db, secret: string, refreshToken: string): Promise<RefreshResult> {
  const presented = hashToken(refreshToken);
  const next = randomToken();
  const rotation = db.$with("rotation").as(
    db
      .update(sessions)
      .set({
        refreshHash: hashToken(next),
        previousRefreshHash: presented,
        rotatedAt: sql`now()`,
        lastSeenAt: sql`now()`,
        expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS})`,
      })
      .where(
        and(
          eq(sessions.refreshHash, presented),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          sql`not exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.suspendedAt} is not null)`,
        ),
      )
      .returning({ id: sessions.id, userId: sessions.userId, retiredHash: sessions.previousRefreshHash, retiredAt: sessions.rotatedAt }),
  );
  const retirement = db
    .$with("retirement")
    .as(
      db
        .insert(retiredRefreshTokens)
        .select(db.select({ hash: rotation.retiredHash, sessionId: rotation.id, retiredAt: rotation.retiredAt }).from(rotation)),
    );
  const [rotated] = await db.with(rotation, retirement).select({ id: rotation.id, userId: rotation.userId }).from(rotation);
  if (rotated) return answer(db, secret, rotated.id, rotated.userId, next);

  const [retired] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      live: sql<boolean>`${sessions.revokedAt} is null and ${sessions.expiresAt} > now()`,
      justReplaced: sql<boolean>`${sessions.previousRefreshHash} = ${presented} and ${sessions.rotatedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      // previous_refresh_hash as well: a server still on the code before retired_refresh_tokens
      // (a rolling deploy) rotates without recording the replaced token there.
      or(
        eq(sessions.previousRefreshHash, presented),
        inArray(
          sessions.id,
          db.select({ id: retiredRefreshTokens.sessionId }).from(retiredRefreshTokens).where(eq(retiredRefreshTokens.hash, presented)),
        ),
      ),
    )
    .limit(1);
  if (!retired) throw await endedSessionError(db, { refreshHash: presented });
  if (!retired.live || retired.suspended) throw await endedSessionError(db, { sessionId: retired.id });
  if (retired.justReplaced) return answer(db, secret, retired.id, retired.userId);

  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "refresh_reuse" })
    .where(and(eq(sessions.id, retired.id), isNull(sessions.revokedAt)));
  throw await endedSessionError(db, { sessionId: retired.id });
}

async function answer(db: Db, secret: string, sessionId: string, userId: string, refreshToken?: string): Promise<RefreshResult> {
  const me = await loadMe(db, userId);
  if (!me) throw signInAgain();
  return { me, accessToken: accessTokenFor(sessionId, userId, me.role, secret), refreshToken };
}

function signInAgain(): AppError {
  return new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
}
