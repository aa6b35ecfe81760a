import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { enqueueJob } from "../jobs/runner.js";
import { confirmEmailMail } from "../mail/auth-mails.js";
import { queueMail } from "../mail/mailer.js";
import { issueOneTimeToken, underMailCap } from "./one-time-tokens.js";

export const RESEND_CONFIRMATION_JOB = "auth.resend_confirmation";

/**
 * Answers the same for every email: the request only queues a job, so neither the answer nor its
 * timing tells whether the address is registered. The job mails a new link when one is due.
 */
export async function requestConfirmationResend(db: Db, email: string): Promise<void> {
  await enqueueJob(db, RESEND_CONFIRMATION_JOB, { email }, { maxAttempts: 5 });
}

/** The job: a new confirmation link for a registered, unconfirmed, unsuspended account under the mail cap. */
export async function sendConfirmationAgain(db: Db, publicUrl: string, payload: unknown): Promise<void> {
  const email = (payload as { email?: unknown }).email;
  if (typeof email !== "string") return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.emailConfirmedAt), isNull(users.suspendedAt)))
      .limit(1)
      .for("update");
    if (!user || !(await underMailCap(tx, user.id, "confirm_email"))) return;
    const token = await issueOneTimeToken(tx, user.id, "confirm_email");
    await queueMail(tx, confirmEmailMail(email, user.fullName, `${publicUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`));
  });
}
