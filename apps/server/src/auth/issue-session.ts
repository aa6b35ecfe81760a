import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { sessions } from "../db/schema.js";
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
    .returning({ id: sessions.id });
  const sessionId = row!.id;
  return { sessionId, accessToken: accessTokenFor(sessionId, userId, secret), refreshToken };
}

export function accessTokenFor(sessionId: string, userId: string, secret: string): string {
  return signAccessToken({ sid: sessionId, uid: userId, exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS }, secret);
}
