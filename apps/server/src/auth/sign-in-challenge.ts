import { SIGN_IN_CHALLENGE_TTL_SECONDS } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInChallenges } from "../db/schema.js";
import type { ClientKind, RequestInfo } from "./session-origin.js";
import { hashToken, randomToken } from "./tokens.js";

export type SignInChallenge = { challengeToken: string; expiresIn: number };

/**
 * The first factor (password or Google) succeeded for an account with two-factor on: instead of
 * a session, a short-lived single-use challenge that /api/auth/sign-in/two-factor trades, with a
 * code, for the session.
 */
export async function createSignInChallenge(
  db: Db,
  userId: string,
  client: ClientKind,
  method: "password" | "google",
  info: RequestInfo = {},
): Promise<SignInChallenge> {
  const token = randomToken();
  await db.insert(signInChallenges).values({
    userId,
    tokenHash: hashToken(token),
    client,
    method,
    ip: info.ip ?? null,
    userAgent: info.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000),
  });
  return { challengeToken: token, expiresIn: SIGN_IN_CHALLENGE_TTL_SECONDS };
}
