import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { SECURITY_MESSAGES, type Me } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInChallenges, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { issueSession, type SessionTokens } from "./issue-session.js";
import type { ClientKind, RequestInfo } from "./session-origin.js";
import { loadMe } from "./load-me.js";
import { AUTH_MESSAGES } from "@p2p/shared";
import { checkSecondFactor, invalidCodeError, useSecondFactor } from "./second-factor.js";
import { hashToken } from "./tokens.js";
import { transact } from "../db/transact.js";

/** Wrong codes one challenge takes before it ends (each also counts toward the account's budget of wrong codes). */
const MAX_ATTEMPTS_PER_CHALLENGE = 5;

/**
 * The second step of a sign-in: a live challenge plus a TOTP or recovery code gives the session.
 * In one transaction the code is used up and the challenge marked used (compare-and-set), so a
 * challenge gives at most one session. A wrong code is counted against the account's budget of
 * wrong codes, which step-up on money moves shares (sign-in-failures.ts).
 */
export async function completeTwoFactorSignIn(
  db: Db,
  secret: string,
  input: { challengeToken: string; code: string },
  info: RequestInfo,
): Promise<{ me: Me; tokens: SessionTokens; client: ClientKind }> {
  const live = and(
    eq(signInChallenges.tokenHash, hashToken(input.challengeToken)),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, sql`now()`),
    lt(signInChallenges.attempts, MAX_ATTEMPTS_PER_CHALLENGE),
  );
  const [challenge] = await db
    .select({
      id: signInChallenges.id,
      userId: signInChallenges.userId,
      client: signInChallenges.client,
      suspendedAt: users.suspendedAt,
    })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(live)
    .limit(1);
  if (!challenge) throw new AppError("INVALID_TOKEN", SECURITY_MESSAGES.challengeExpired);
  if (challenge.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED", AUTH_MESSAGES.accountSuspended);
  const client: ClientKind = challenge.client === "native" ? "native" : "web";

  if (!(await checkSecondFactor(db, secret, challenge.userId, input.code, info.ip))) {
    await db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(eq(signInChallenges.id, challenge.id));
    throw invalidCodeError();
  }
  const tokens = await transact(db, async (tx) => {
    if (!(await useSecondFactor(tx, secret, challenge.userId, input.code))) throw invalidCodeError();
    const [claimed] = await tx
      .update(signInChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInChallenges.id, challenge.id), live))
      .returning({ id: signInChallenges.id });
    if (!claimed) throw new AppError("INVALID_TOKEN", SECURITY_MESSAGES.challengeExpired);
    return issueSession(tx, challenge.userId, client, secret, info);
  });
  const me = await loadMe(db, challenge.userId);
  if (!me) throw new AppError("INVALID_TOKEN", SECURITY_MESSAGES.challengeExpired);
  return { me, tokens, client };
}
