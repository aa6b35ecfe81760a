import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { isUniqueViolation } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { claimedCaller, SessionUnproven, type ClaimedCaller } from "./session-proof.js";

/**
 * A person's request taken on their token's word first, the session checked by the request's own
 * statement (session-proof.ts): an order move, a chat message. True when that answered the
 * request; false when it must run as any other, with the session read first. That is also the
 * answer to every refusal or failure met on the token's word, so the caller hears exactly what
 * they would have; a refusal is expected there, anything else is logged, since the rerun may
 * hide it.
 *
 * Whether it answered is the proof's `answered`, set once the work committed, never the attempt's
 * result: a Fastify reply is a thenable, and a client gone or a failed write after the commit
 * must not run the request a second time.
 */
export async function onTokensWord(ctx: AppContext, req: FastifyRequest, attempt: (caller: ClaimedCaller) => Promise<unknown>): Promise<boolean> {
  const claimed = claimedCaller(req, ctx.config.sessionSecret);
  if (!claimed) return false;
  try {
    await attempt(claimed);
  } catch (err) {
    if (!claimed.unproven.answered && !(err instanceof AppError) && !(err instanceof SessionUnproven) && !isUniqueViolation(err)) {
      req.log.warn({ err }, "a request taken on its token's word failed; it runs again with the session read first");
    }
  }
  return claimed.unproven.answered;
}
