import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { requestLanguage } from "../../i18n/request-language.js";
import { clearFlowCookie, OIDC_FLOW_COOKIE, setFlowCookie } from "../cookies.js";
import { AUTH_MESSAGES, fillTemplate } from "@p2p/shared";
import { finishWebSignIn } from "../web-sign-in.js";
import { finishGoogleSignIn } from "./finish-google-sign-in.js";
import { FLOW_TTL_SECONDS, openFlowState, sealFlowState } from "./flow-state.js";
import { createGoogleOidc } from "./oidc-client.js";
import { startGoogleSignIn } from "./start-google-sign-in.js";

const COMPLETE_PROFILE = "/complete-profile";

/** Continue with Google: OpenID Connect authorization code flow with PKCE, state and nonce. */
export async function googleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const google = createGoogleOidc(ctx.config);
  const secret = ctx.config.sessionSecret;

  app.get("/api/auth/google", async (req, reply) => {
    if (!ctx.config.googleConfigured) return toAuthPage(reply, AUTH_MESSAGES.googleNotConfigured);
    let started;
    try {
      started = await startGoogleSignIn(google);
    } catch (err) {
      req.log.error({ err }, "google sign-in: provider discovery failed");
      return toAuthPage(reply, AUTH_MESSAGES.googleUnavailable);
    }
    setFlowCookie(reply, sealFlowState(started.flow, secret), FLOW_TTL_SECONDS);
    return reply.header("Cache-Control", "no-store").redirect(started.url.href);
  });

  app.get("/api/auth/google/callback", async (req, reply) => {
    if (!ctx.config.googleConfigured) return toAuthPage(reply, AUTH_MESSAGES.googleNotConfigured);
    const flow = openFlowState(req.cookies[OIDC_FLOW_COOKIE], secret);
    clearFlowCookie(reply);
    const { error, error_description: description } = req.query as Record<string, unknown>;
    if (typeof error === "string") {
      if (error === "access_denied") return toAuthPage(reply, AUTH_MESSAGES.googleCancelled);
      req.log.warn({ error, description }, "google sign-in: the provider refused");
      const reason = (typeof description === "string" && description.trim() ? description : error).slice(0, 200);
      return toAuthPage(reply, fillTemplate(AUTH_MESSAGES.googleRefused, { reason }));
    }
    if (!flow) return toAuthPage(reply, AUTH_MESSAGES.googleExpired);

    let userId: string;
    try {
      userId = await finishGoogleSignIn(ctx.db, google, callbackUrl(req, ctx.config.publicUrl), flow, requestLanguage(req));
    } catch (err) {
      if (err instanceof AppError) return toAuthPage(reply, err.message);
      req.log.warn({ err }, "google sign-in: callback failed");
      return toAuthPage(reply, AUTH_MESSAGES.googleFailed);
    }
    const info = { ip: req.ip, userAgent: req.headers["user-agent"] };
    return finishWebSignIn(ctx, reply, { userId, method: "google", landing: COMPLETE_PROFILE }, info);
  });
}

/** The callback as the provider addressed it: our public redirect URI plus its query. */
function callbackUrl(req: FastifyRequest, publicUrl: string): URL {
  const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  return new URL(`${publicUrl}/api/auth/google/callback${query}`);
}

function toAuthPage(reply: FastifyReply, message: string): FastifyReply {
  return reply.header("Cache-Control", "no-store").redirect(`/auth?error=${encodeURIComponent(message)}`);
}
