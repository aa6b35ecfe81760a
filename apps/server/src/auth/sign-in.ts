import type { z } from "zod";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import { MAX_FAILED_SIGN_INS_PER_HOUR, type Me, type signInRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { signInFailures, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { issueSession, type RequestInfo, type SessionTokens } from "./issue-session.js";
import { loadMe } from "./load-me.js";
import { AUTH_MESSAGES } from "@p2p/shared";
import { verifyPassword } from "./passwords.js";
import { twoFactorEnabled } from "./second-factor.js";
import { createSignInChallenge, type SignInChallenge } from "./sign-in-challenge.js";

type Input = z.output<typeof signInRequest>;

/**
 * Email and password sign-in. The password is checked before anything about the account is
 * revealed; an unknown email costs the same hashing time. An account with 100 failures in the
 * last hour is refused even with the right password. With two-factor on, the answer is a
 * challenge for the code instead of a session (complete-two-factor-sign-in).
 */
export async function signIn(
  db: Db,
  secret: string,
  input: Input,
  info: RequestInfo,
): Promise<{ me: Me; tokens: SessionTokens } | { challenge: SignInChallenge }> {
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);

  if (!user) {
    await verifyPassword(null, input.password);
    throw invalidCredentials();
  }
  if ((await recentFailures(db, user.id)) >= MAX_FAILED_SIGN_INS_PER_HOUR) {
    throw new AppError("TOO_MANY_FAILED_SIGN_INS", AUTH_MESSAGES.tooManyFailedSignIns);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(db, user.id, info.ip);
    throw invalidCredentials();
  }
  if (user.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED", AUTH_MESSAGES.accountSuspended);
  if (!user.emailConfirmedAt) throw new AppError("EMAIL_NOT_CONFIRMED", AUTH_MESSAGES.emailNotConfirmed);

  if (await twoFactorEnabled(db, user.id)) {
    return { challenge: await createSignInChallenge(db, user.id, input.client, "password", info) };
  }
  const tokens = await issueSession(db, user.id, input.client, secret, info);
  const me = await loadMe(db, user.id);
  if (!me) throw invalidCredentials();
  return { me, tokens };
}

function invalidCredentials(): AppError {
  return new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
}

async function recentFailures(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.userId, userId), gt(signInFailures.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

async function recordFailure(db: Db, userId: string, ip: string | undefined): Promise<void> {
  await db.insert(signInFailures).values({ userId, ip: ip ?? null });
  // Rows older than the window no longer count; the account's own stale rows are pruned as it goes.
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.userId, userId), lt(signInFailures.createdAt, sql`now() - interval '1 day'`)));
}
