import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  forgotPasswordRequest,
  refreshRequest,
  resendConfirmationRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  type SessionResponse,
} from "@p2p/shared";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import { parse } from "../http/parse.js";
import { availabilityRoutes } from "./availability-routes.js";
import { confirmEmail } from "./confirm-email.js";
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setAccessCookie, setSessionCookies } from "./cookies.js";
import { requestPasswordReset } from "./forgot-password.js";
import { googleRoutes } from "./google/routes.js";
import { registerAuthJobs } from "./jobs.js";
import { loadMe } from "./load-me.js";
import { AUTH_MESSAGES, standingTopics } from "@p2p/shared";
import { authRateLimits } from "./rate-limits.js";
import { refreshSession } from "./refresh-session.js";
import { requestConfirmationResend } from "./resend-confirmation.js";
import { resetPassword } from "./reset-password.js";
import { securityRoutes } from "./security-routes.js";
import { signIn } from "./sign-in.js";
import { redeemSignInLink } from "./sign-in-link.js";
import { signOut } from "./sign-out.js";
import { lastEventIds } from "../realtime/append-event.js";
import { publishRightsChanged } from "../realtime/rights.js";
import { signUp } from "./sign-up.js";
import { finishWebSignIn } from "./web-sign-in.js";
import { requestLanguage } from "../i18n/request-language.js";

const confirmQuery = z.object({ token: z.string().min(1).max(200) });

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = authRateLimits(ctx.config);
  const secret = ctx.config.sessionSecret;
  registerAuthJobs(ctx);

  app.post("/api/auth/sign-up", limits.signUp, async (req, reply) => {
    const input = parse(signUpRequest, req.body);
    await signUp(ctx.db, ctx.config.publicUrl, input, requestLanguage(req));
    return reply.status(201).send({ message: AUTH_MESSAGES.signUpSuccess });
  });

  app.get("/api/auth/confirm", limits.password, async (req, reply) => {
    const query = confirmQuery.safeParse(req.query);
    const confirmed = query.success && (await confirmEmail(ctx.db, query.data.token));
    const target = confirmed ? "/?confirmed=1" : `/auth?error=${encodeURIComponent(AUTH_MESSAGES.confirmationLinkInvalid)}`;
    return reply.header("Cache-Control", "no-store").redirect(target);
  });

  app.post("/api/auth/resend-confirmation", limits.password, async (req) => {
    const { email } = parse(resendConfirmationRequest, req.body);
    await requestConfirmationResend(ctx.db, email);
    return { message: AUTH_MESSAGES.confirmationResent };
  });

  app.post("/api/auth/sign-in", limits.signIn, async (req, reply): Promise<SessionResponse> => {
    const input = parse(signInRequest, req.body);
    const result = await signIn(ctx.db, ctx.config, input, requestInfo(req));
    reply.header("Cache-Control", "no-store");
    if ("linkSent" in result) {
      reply.status(202);
      return { user: null, sign_in_link_sent: true };
    }
    if ("challenge" in result) {
      const { challengeToken, expiresIn } = result.challenge;
      return { user: null, two_factor: { challenge_token: challengeToken, expires_in: expiresIn } };
    }
    const { me, tokens } = result;
    if (input.client === "native") {
      return { user: me, access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
    }
    setSessionCookies(reply, tokens);
    return { user: me };
  });

  app.get("/api/auth/sign-in-link", limits.password, async (req, reply) => {
    const query = confirmQuery.safeParse(req.query);
    const userId = query.success ? await redeemSignInLink(ctx.db, query.data.token) : null;
    if (!userId) return reply.header("Cache-Control", "no-store").redirect(`/auth?error=${encodeURIComponent(AUTH_MESSAGES.signInLinkInvalid)}`);
    return finishWebSignIn(ctx, reply, { userId, method: "password", landing: "/dashboard" }, requestInfo(req));
  });

  app.post("/api/auth/refresh", limits.signIn, async (req, reply): Promise<SessionResponse> => {
    const fromBody = parse(refreshRequest, req.body).refresh_token;
    const token = fromBody ?? req.cookies[REFRESH_COOKIE];
    reply.header("Cache-Control", "no-store");
    try {
      if (!token) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
      const result = await refreshSession(ctx.db, secret, token);
      if (fromBody) {
        return { user: result.me, access_token: result.accessToken, refresh_token: result.refreshToken };
      }
      if (result.refreshToken) setSessionCookies(reply, { accessToken: result.accessToken, refreshToken: result.refreshToken });
      else setAccessCookie(reply, result.accessToken);
      return { user: result.me };
    } catch (err) {
      if (!fromBody) clearSessionCookies(reply);
      throw err;
    }
  });

  app.post("/api/auth/sign-out", async (req, reply) => {
    const fromBody = parse(refreshRequest, req.body).refresh_token;
    const ended = await signOut(ctx.db, secret, {
      accessToken: bearerToken(req) ?? req.cookies[ACCESS_COOKIE],
      refreshToken: fromBody ?? req.cookies[REFRESH_COOKIE],
    });
    for (const userId of ended) publishRightsChanged(ctx, userId);
    clearSessionCookies(reply);
    return reply.status(204).send();
  });

  app.get("/api/auth/session", async (req, reply): Promise<SessionResponse> => {
    reply.header("Cache-Control", "no-store");
    const user = await ctx.auth.current(req);
    if (!user) return { user: null };
    // The cursors are read before the answer leaves, so every read the tab makes after it is
    // newer than them: subscribing from them replays what those reads may have missed.
    const [me, cursors] = await Promise.all([loadMe(ctx.db, user.id), lastEventIds(ctx.db, standingTopics(user.id, user.role))]);
    return me ? { user: me, realtime_cursors: cursors } : { user: null };
  });

  app.post("/api/auth/forgot-password", limits.password, async (req) => {
    const { email } = parse(forgotPasswordRequest, req.body);
    await requestPasswordReset(ctx.db, email);
    return { message: AUTH_MESSAGES.resetSent };
  });

  app.post("/api/auth/reset-password", limits.password, async (req, reply) => {
    const input = parse(resetPasswordRequest, req.body);
    const { userId } = await resetPassword(ctx.db, input);
    publishRightsChanged(ctx, userId);
    clearSessionCookies(reply);
    return { message: AUTH_MESSAGES.passwordReset };
  });

  await availabilityRoutes(app, ctx);
  await googleRoutes(app, ctx);
  await securityRoutes(app, ctx);
}

function requestInfo(req: FastifyRequest) {
  return { ip: req.ip, userAgent: req.headers["user-agent"] };
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7) : undefined;
}
