import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { setSessionCookies } from "./cookies.js";
import { issueSession } from "./issue-session.js";
import type { RequestInfo } from "./session-origin.js";
import { twoFactorEnabled } from "./second-factor.js";
import { createSignInChallenge } from "./sign-in-challenge.js";
import { setTwoFactorCookie } from "./two-factor-cookie.js";

/** The sign-in page's code step; the challenge is in an HttpOnly cookie. */
const twoFactorStep = (method: "password" | "google") => `/auth?two_factor=${method === "google" ? "google" : "link"}`;

/**
 * Ends a browser sign-in that arrived by redirect (Google's callback, a mailed sign-in link): the
 * session cookies and `landing`, or, with two-factor on, the challenge cookie and the code step.
 */
export async function finishWebSignIn(
  ctx: AppContext,
  reply: FastifyReply,
  sign: { userId: string; method: "password" | "google"; landing: string },
  info: RequestInfo,
): Promise<FastifyReply> {
  reply.header("Cache-Control", "no-store");
  if (await twoFactorEnabled(ctx.db, sign.userId)) {
    const { challengeToken } = await createSignInChallenge(ctx.db, sign.userId, "web", sign.method, info);
    setTwoFactorCookie(reply, challengeToken);
    return reply.redirect(twoFactorStep(sign.method));
  }
  setSessionCookies(reply, await issueSession(ctx.db, sign.userId, "web", ctx.config.sessionSecret, info));
  return reply.redirect(sign.landing);
}
