import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SessionInfo } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions } from "../db/schema.js";
import { summarizeUserAgent } from "./device-summary.js";

/**
 * The caller's live sessions, most recently used first. "Last used" is the last refresh (an
 * access token lives 15 minutes, so it is at most that old for an active device).
 */
export async function listSessions(db: Db, caller: { id: string; sessionId: string }): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      client: sessions.client,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, caller.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    client: r.client === "native" ? "native" : "web",
    device: summarizeUserAgent(r.userAgent, r.client),
    user_agent: r.userAgent,
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastSeenAt.toISOString(),
    current: r.id === caller.sessionId,
  }));
}
