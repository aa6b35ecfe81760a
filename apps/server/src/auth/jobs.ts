import type { AppContext } from "../context.js";
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from "./forgot-password.js";
import { registerSessionPurgeJob } from "./purge-ended-sessions.js";
import { RESEND_CONFIRMATION_JOB, sendConfirmationAgain } from "./resend-confirmation.js";

/**
 * The auth flows' background work: mailing links for requests that answer the same for any email,
 * and the hourly purge of long-ended sessions (queued at start by `server.ts`).
 */
export function registerAuthJobs(ctx: AppContext): void {
  // The public URL is read when the job runs: it is known only once the server listens.
  ctx.jobs.register(RESEND_CONFIRMATION_JOB, (payload) => sendConfirmationAgain(ctx.db, ctx.config.publicUrl, payload));
  ctx.jobs.register(PASSWORD_RESET_JOB, (payload) => sendPasswordResetLink(ctx.db, ctx.config.publicUrl, payload));
  registerSessionPurgeJob(ctx.jobs);
}
