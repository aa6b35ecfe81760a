import type { FastifyInstance } from "fastify";
import {
  changePasswordRequest,
  disableTwoFactorRequest,
  enableTwoFactorRequest,
  renewRecoveryCodesRequest,
  revokeSessionRequest,
  SECURITY_MESSAGES,
  sessionIdParams,
  signOutOthersRequest,
  twoFactorSignInRequest,
  type SessionResponse,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import { parse } from "../http/parse.js";
import { changePassword } from "./change-password.js";
import { completeTwoFactorSignIn } from "./complete-two-factor-sign-in.js";
import { setSessionCookies } from "./cookies.js";
import { disableTwoFactor } from "./disable-two-factor.js";
import { enableTwoFactor } from "./enable-two-factor.js";
import { getSecurityStatus } from "./get-security-status.js";
import { listSessions } from "./list-sessions.js";
import { renewRecoveryCodes } from "./renew-recovery-codes.js";
import { authRateLimits } from "./rate-limits.js";
import { revokeOtherSessions, revokeSession } from "./revoke-sessions.js";
import { setupTwoFactor } from "./setup-two-factor.js";
import { clearTwoFactorCookie, TWO_FACTOR_COOKIE } from "./two-factor-cookie.js";
import { publishRightsChanged } from "../realtime/rights.js";

/** Password change, active sessions, TOTP two-factor, and the second step of a sign-in. */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = authRateLimits(ctx.config);
  const secret = ctx.config.sessionSecret;

  app.post("/api/auth/sign-in/two-factor", limits.signIn, async (req, reply): Promise<SessionResponse> => {
    const input = parse(twoFactorSignInRequest, req.body);
    const challengeToken = input.challenge_token ?? req.cookies[TWO_FACTOR_COOKIE];
    reply.header("Cache-Control", "no-store");
    if (!challengeToken) throw new AppError("INVALID_TOKEN", SECURITY_MESSAGES.challengeExpired);
    const { me, tokens, client } = await completeTwoFactorSignIn(
      ctx.db,
      secret,
      { challengeToken, code: input.code },
      { ip: req.ip, userAgent: req.headers["user-agent"] },
    );
    if (req.cookies[TWO_FACTOR_COOKIE]) clearTwoFactorCookie(reply);
    if (client === "native") return { user: me, access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
    setSessionCookies(reply, tokens);
    return { user: me };
  });

  app.get("/api/auth/security", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return getSecurityStatus(ctx.db, user.id);
  });

  app.post("/api/auth/password", limits.password, async (req) => {
    const user = await ctx.auth.require(req);
    const input = parse(changePasswordRequest, req.body);
    const answer = await changePassword(ctx.db, { id: user.id, sessionId: user.sessionId }, input, req.ip);
    publishRightsChanged(ctx, user.id);
    return answer;
  });

  app.get("/api/auth/sessions", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return { sessions: await listSessions(ctx.db, { id: user.id, sessionId: user.sessionId }) };
  });

  app.post("/api/auth/sessions/sign-out-others", async (req) => {
    const user = await ctx.auth.require(req);
    const { password } = parse(signOutOthersRequest, req.body ?? {});
    const signedOut = await revokeOtherSessions(ctx.db, { id: user.id, sessionId: user.sessionId }, password, req.ip);
    publishRightsChanged(ctx, user.id);
    return { signed_out: signedOut };
  });

  app.delete("/api/auth/sessions/:id", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { id } = parse(sessionIdParams, req.params);
    const { password } = parse(revokeSessionRequest, req.body ?? {});
    await revokeSession(ctx.db, { id: user.id, sessionId: user.sessionId }, id, password, req.ip);
    publishRightsChanged(ctx, user.id);
    return reply.status(204).send();
  });

  app.post("/api/auth/two-factor/setup", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return setupTwoFactor(ctx.db, secret, user.id);
  });

  app.post("/api/auth/two-factor/enable", limits.password, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(enableTwoFactorRequest, req.body);
    reply.header("Cache-Control", "no-store");
    return enableTwoFactor(ctx.db, secret, { id: user.id, sessionId: user.sessionId }, input, req.ip);
  });

  app.post("/api/auth/two-factor/disable", limits.password, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(disableTwoFactorRequest, req.body);
    await disableTwoFactor(ctx.db, secret, { id: user.id, sessionId: user.sessionId }, input, req.ip);
    return reply.status(204).send();
  });

  app.post("/api/auth/two-factor/recovery-codes", limits.password, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(renewRecoveryCodesRequest, req.body);
    reply.header("Cache-Control", "no-store");
    return renewRecoveryCodes(ctx.db, secret, { id: user.id, sessionId: user.sessionId }, input, req.ip);
  });
}
