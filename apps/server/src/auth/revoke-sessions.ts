import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/** Signs out one of the caller's sessions; another user's session id (or an ended one) is 404. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "signed_out_remotely" })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!ended) throw new AppError("NOT_FOUND", SECURITY_MESSAGES.sessionNotFound);
}

/** Signs out every session of the caller but this one; answers how many ended. */
export async function revokeOtherSessions(db: Db, caller: { id: string; sessionId: string }): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "signed_out_remotely" })
    .where(and(eq(sessions.userId, caller.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
