import { isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { enqueueJob } from "../jobs/runner.js";
import { confirmEmailMail } from "../mail/auth-mails.js";
import { mailOneTimeLink } from "./mail-one-time-link.js";

export const RESEND_CONFIRMATION_JOB = "auth.resend_confirmation";

/**
 * Answers the same for every email: the request only queues a job, so neither the answer nor its
 * timing tells whether the address is registered. The job mails a new link when one is due.
 */
export async function requestConfirmationResend(db: Db, email: string): Promise<void> {
  await enqueueJob(db, RESEND_CONFIRMATION_JOB, { email }, { maxAttempts: 5 });
}

/** The job: a new confirmation link for a registered, unconfirmed, unsuspended account under the mail cap. */
export function sendConfirmationAgain(db: Db, publicUrl: string, payload: unknown): Promise<void> {
  return mailOneTimeLink(db, payload, {
    purpose: "confirm_email",
    where: isNull(users.emailConfirmedAt),
    link: (token) => `${publicUrl}/api/auth/confirm?token=${token}`,
    mail: confirmEmailMail,
  });
}
