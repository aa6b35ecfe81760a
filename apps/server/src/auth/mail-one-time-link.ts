import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Recipient } from "../mail/layout.js";
import { queueMail, type Mail } from "../mail/mailer.js";
import { issueOneTimeToken, underMailCap, type TokenPurpose } from "./one-time-tokens.js";
import { transact } from "../db/transact.js";

type LinkMail = {
  purpose: TokenPurpose;
  /** Extra conditions the account must meet (e.g. not yet confirmed). */
  where?: SQL;
  link(token: string): string;
  mail(to: Recipient, link: string): Mail;
};

/**
 * The body of the mailed-link jobs: for a registered, unsuspended account under the per-account
 * mail cap, issue a one-time token and queue the mail in the account's language, in one transaction.
 * Unknown emails do nothing.
 */
export async function mailOneTimeLink(db: Db, payload: unknown, spec: LinkMail): Promise<void> {
  const email = (payload as { email?: unknown }).email;
  if (typeof email !== "string") return;
  await transact(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, fullName: users.fullName, language: users.language })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.suspendedAt), spec.where))
      .limit(1)
      .for("update");
    if (!user || !(await underMailCap(tx, user.id, spec.purpose))) return;
    const token = await issueOneTimeToken(tx, user.id, spec.purpose);
    await queueMail(tx, spec.mail({ email, fullName: user.fullName, language: user.language }, spec.link(encodeURIComponent(token))));
  });
}
