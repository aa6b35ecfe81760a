import { sql } from "drizzle-orm";
import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_ROLE, REFRESH_TOKEN_TTL_SECONDS, type Role } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { sessions, userRoles } from "../db/schema.js";
import { mailIfNewDevice } from "./new-device-mail.js";
import type { ClientKind, RequestInfo } from "./session-origin.js";
import { hashToken, randomToken, signAccessToken } from "./tokens.js";

export type SessionTokens = { sessionId: string; accessToken: string; refreshToken: string };

/** Starts a session: a row holding the refresh token's hash, and a short-lived access token. A new device is mailed to the owner. */
export async function issueSession(db: Db | Tx, userId: string, client: ClientKind, secret: string, info: RequestInfo = {}): Promise<SessionTokens> {
  await mailIfNewDevice(db, userId, client, info);
  const refreshToken = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      client,
      refreshHash: hashToken(refreshToken),
      userAgent: info.userAgent?.slice(0, 500) ?? null,
      ip: info.ip ?? null,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: sessions.id, role: sql<Role | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${userId})` });
  const sessionId = row!.id;
  return { sessionId, accessToken: accessTokenFor(sessionId, userId, row!.role ?? DEFAULT_ROLE, secret), refreshToken };
}

/** The access token of a session, carrying the user's role as it is now (a hint: session-proof.ts). */
export function accessTokenFor(sessionId: string, userId: string, role: Role, secret: string): string {
  return signAccessToken({ sid: sessionId, uid: userId, rol: role, exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS }, secret);
}
