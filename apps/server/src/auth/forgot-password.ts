import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { enqueueJob } from "../jobs/runner.js";
import { resetPasswordMail } from "../mail/auth-mails.js";
import { queueMail } from "../mail/mailer.js";
import { issueOneTimeToken, underMailCap } from "./one-time-tokens.js";

export const PASSWORD_RESET_JOB = "auth.password_reset_requested";

/**
 * The request only queues a job, identical for known and unknown emails, so the answer and its
 * timing say nothing about which addresses are registered (DESIGN §6).
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  await enqueueJob(db, PASSWORD_RESET_JOB, { email }, { maxAttempts: 5 });
}

/** The job: mails a one-hour reset link to a registered, unsuspended account under the mail cap. */
export async function sendPasswordResetLink(db: Db, publicUrl: string, payload: unknown): Promise<void> {
  const email = (payload as { email?: unknown }).email;
  if (typeof email !== "string") return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.suspendedAt)))
      .limit(1)
      .for("update");
    if (!user || !(await underMailCap(tx, user.id, "reset_password"))) return;
    const token = await issueOneTimeToken(tx, user.id, "reset_password");
    await queueMail(tx, resetPasswordMail(email, user.fullName, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
  });
}
