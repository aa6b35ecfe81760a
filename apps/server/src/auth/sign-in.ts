import type { z } from "zod";
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, type Me, type signInRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { issueSession, type SessionTokens } from "./issue-session.js";
import type { RequestInfo } from "./session-origin.js";
import { loadMe } from "./load-me.js";
import { verifyPassword } from "./passwords.js";
import { twoFactorEnabled } from "./second-factor.js";
import { createSignInChallenge, type SignInChallenge } from "./sign-in-challenge.js";
import { checkWithinBudget } from "./sign-in-failures.js";
import { mailSignInLink } from "./sign-in-link.js";

type Input = z.output<typeof signInRequest>;

/**
 * Email and password sign-in. The password is checked before anything about the account is
 * revealed; an unknown email costs the same hashing time. Wrong passwords slow the attacker, not
 * the owner (sign-in-failures.ts): one IP address gets 10 tries per 15 minutes, and once 100
 * have failed from anywhere within the hour, the right password gets a link mailed to the owner
 * instead of a session. With two-factor on, the answer is a challenge for the code instead of a
 * session (complete-two-factor-sign-in).
 */
export async function signIn(
  db: Db,
  config: { sessionSecret: string; publicUrl: string },
  input: Input,
  info: RequestInfo,
): Promise<{ me: Me; tokens: SessionTokens } | { challenge: SignInChallenge } | { linkSent: true }> {
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
  const { right, attempt } = await checkWithinBudget(db, user.id, "password", info.ip, () => verifyPassword(user.passwordHash, input.password));
  if (!right) throw invalidCredentials();
  if (user.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED", AUTH_MESSAGES.accountSuspended);
  if (!user.emailConfirmedAt) throw new AppError("EMAIL_NOT_CONFIRMED", AUTH_MESSAGES.emailNotConfirmed);
  if (attempt.overAccountLimit) {
    await mailSignInLink(db, config.publicUrl, user.id);
    return { linkSent: true };
  }

  if (await twoFactorEnabled(db, user.id)) {
    return { challenge: await createSignInChallenge(db, user.id, input.client, "password", info) };
  }
  const tokens = await issueSession(db, user.id, input.client, config.sessionSecret, info);
  const me = await loadMe(db, user.id);
  if (!me) throw invalidCredentials();
  return { me, tokens };
}

function invalidCredentials(): AppError {
  return new AppError("INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
}
