import type { Db } from "../db/client.js";
import { enqueueJob } from "../jobs/runner.js";
import { resetPasswordMail } from "../mail/auth-mails.js";
import { mailOneTimeLink } from "./mail-one-time-link.js";

export const PASSWORD_RESET_JOB = "auth.password_reset_requested";

/**
 * The request only queues a job, identical for known and unknown emails, so the answer and its
 * timing say nothing about which addresses are registered (DESIGN §6).
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  await enqueueJob(db, PASSWORD_RESET_JOB, { email }, { maxAttempts: 5 });
}

/** The job: mails a one-hour reset link to a registered, unsuspended account under the mail cap. */
export function sendPasswordResetLink(db: Db, publicUrl: string, payload: unknown): Promise<void> {
  return mailOneTimeLink(db, payload, {
    purpose: "reset_password",
    link: (token) => `${publicUrl}/reset-password?token=${token}`,
    mail: resetPasswordMail,
  });
}
