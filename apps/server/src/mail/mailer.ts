import nodemailer from "nodemailer";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { devMailbox } from "../db/schema.js";
import { enqueueJob, type JobRunner } from "../jobs/runner.js";

export type Mail = { to: string; subject: string; text: string; html?: string };

export const SEND_EMAIL_JOB = "send_email";

/** Mail is queued in the caller's transaction and delivered by the job runner, with retries. */
export function queueMail(tx: Db | Tx, mail: Mail): Promise<void> {
  return enqueueJob(tx, SEND_EMAIL_JOB, mail, { maxAttempts: 10 });
}

export type MailTransport = (mail: Mail) => Promise<void>;

/** SMTP when SMTP_URL is set; otherwise the dev mailbox at /dev/mailbox (refused in production). */
export function createMailTransport(config: Config, db: Db): MailTransport {
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport(config.SMTP_URL);
    return async (mail) => {
      await transporter.sendMail({ from: config.MAIL_FROM, ...mail });
    };
  }
  if (config.isProduction) {
    return async () => {
      throw new Error("SMTP_URL is not set: mail cannot be delivered in production");
    };
  }
  return async (mail) => {
    await db.insert(devMailbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  };
}

export function registerMailJob(jobs: JobRunner, transport: MailTransport): void {
  jobs.register(SEND_EMAIL_JOB, async (payload) => transport(payload as Mail));
}
