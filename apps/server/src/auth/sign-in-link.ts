import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { queueMail } from "../mail/mailer.js";
import { signInLinkMail } from "../mail/security-mails.js";
import { consumeOneTimeToken, issueOneTimeToken, underMailCap } from "./one-time-tokens.js";
import { transact } from "../db/transact.js";

/**
 * The right password for an account past its hourly limit of wrong passwords (100 tried from
 * anywhere): instead of a session, a one-time link to the owner's mailbox (15 minutes, at most 5
 * an hour). The owner gets in; whoever guessed the password does not, and guessing gains nothing.
 */
export async function mailSignInLink(db: Db, publicUrl: string, userId: string): Promise<void> {
  await transact(db, async (tx) => {
    const [user] = await tx
      .select({ email: users.email, fullName: users.fullName, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user || !(await underMailCap(tx, userId, "sign_in"))) return;
    const token = await issueOneTimeToken(tx, userId, "sign_in");
    await queueMail(tx, signInLinkMail(user, `${publicUrl}/api/auth/sign-in-link?token=${encodeURIComponent(token)}`));
  });
}

/** Uses up a mailed sign-in link: the account it signs in (null for an unknown, used or expired link, or a suspended account). */
export async function redeemSignInLink(db: Db, token: string): Promise<string | null> {
  return transact(db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "sign_in");
    if (!userId) return null;
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
    return user?.id ?? null;
  });
}
