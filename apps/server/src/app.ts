import { existsSync } from "node:fs";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import websocket from "@fastify/websocket";
import type { AppContext } from "./context.js";
import { rateLimitOptions } from "./http/rate-limit-store.js";
import { answerFrameworkError, installErrorHandler } from "./http/error-handler.js";
import { installSecurity } from "./http/security.js";
import { transportOptions } from "./http/transport.js";
import { requestLogger } from "./http/request-log.js";
import { installObservability, requestId } from "./observability/http.js";
import { healthRoutes } from "./health/routes.js";
import { RealtimeHub } from "./realtime/hub.js";
import { authRoutes } from "./auth/routes.js";
import { profileRoutes } from "./profiles/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { complaintRoutes } from "./complaints/routes.js";
import { appealRoutes } from "./appeals/routes.js";
import { ticketRoutes } from "./tickets/routes.js";
import { devMailboxRoutes } from "./mail/dev-mailbox-routes.js";
import { devChainRoutes } from "./chain/dev-chain-routes.js";
import { coinRoutes } from "./coins/routes.js";
import { offerRoutes } from "./offers/routes.js";
import { walletRoutes } from "./wallet/routes.js";
import { networkRoutes } from "./networks/routes.js";
import { payoutRoutes } from "./payouts/routes.js";
import { reserveRoutes } from "./reserves/routes.js";
import { orderRoutes } from "./orders/routes.js";
import { badgeRoutes } from "./badges/routes.js";
import { notificationRoutes } from "./notifications/routes.js";
import { notificationPreferenceRoutes } from "./notifications/preference-routes.js";
import { pushRoutes } from "./push/routes.js";
import { adminRoutes } from "./admin/routes.js";
import { auditRoutes } from "./audit/routes.js";
import { exportRoutes } from "./exports/routes.js";
import { merchantApplicationRoutes } from "./merchant-applications/routes.js";
import { chatRoutes } from "./chat/routes.js";
import { uploadRoutes } from "./uploads/routes.js";
import { proofRoutes } from "./proofs/routes.js";
import { merchantChatRoutes } from "./merchant-chat/routes.js";
import { liveChatRoutes } from "./live-chat/routes.js";
import { telegramRoutes } from "./telegram/routes.js";
import { openApiRoutes } from "./openapi/routes.js";
import { requireContract } from "./openapi/api-contracts.js";
import type { Telegram } from "./telegram/telegram.js";
import { repoRoot } from "./paths.js";

const defaultWebDist = join(repoRoot, "apps/web/dist");
const BODY_LIMIT = 64 * 1024;

/** One registered endpoint, as the authorization matrix test lists them. */
export type RouteEntry = { method: string; url: string };

export type App = { server: FastifyInstance; hub: RealtimeHub; routes: readonly RouteEntry[] };

export async function buildApp(ctx: AppContext, telegram: Telegram | null = null): Promise<App> {
  const server: FastifyInstance = Fastify({
    loggerInstance: requestLogger(ctx.log),
    bodyLimit: BODY_LIMIT,
    ...transportOptions(ctx.config),
    frameworkErrors: answerFrameworkError,
    genReqId: requestId,
  });
  const routes: RouteEntry[] = [];
  server.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      requireContract(method, route.url);
      if (method !== "HEAD") routes.push({ method, url: route.url });
    }
  });
  const hub = new RealtimeHub(ctx, {
    heartbeatMs: ctx.config.REALTIME_HEARTBEAT_MS,
    sweepMs: ctx.config.REALTIME_SWEEP_MS,
    authRecheckMs: ctx.config.REALTIME_AUTH_RECHECK_MS,
  });

  ctx.metrics.observeSockets(() => ({ connections: hub.connectionCount, bufferedBytes: hub.bufferedBytes }));

  installErrorHandler(server);
  installObservability(server, ctx);
  installSecurity(server, ctx.config);
  await server.register(cookie);
  await server.register(rateLimit, rateLimitOptions(ctx.config, server));
  await server.register(websocket, { options: { maxPayload: BODY_LIMIT } });

  await server.register(async (api) => {
    await healthRoutes(api, ctx, hub);
    await authRoutes(api, ctx);
    await profileRoutes(api, ctx);
    await dashboardRoutes(api, ctx);
    await complaintRoutes(api, ctx);
    await appealRoutes(api, ctx);
    await ticketRoutes(api, ctx);
    await coinRoutes(api, ctx);
    await offerRoutes(api, ctx);
    await walletRoutes(api, ctx);
    await networkRoutes(api, ctx);
    await payoutRoutes(api, ctx);
    await reserveRoutes(api, ctx);
    await orderRoutes(api, ctx);
    await notificationRoutes(api, ctx);
    await badgeRoutes(api, ctx);
    await notificationPreferenceRoutes(api, ctx);
    await pushRoutes(api, ctx);
    await adminRoutes(api, ctx);
    await auditRoutes(api, ctx);
    await exportRoutes(api, ctx);
    await merchantApplicationRoutes(api, ctx);
    await chatRoutes(api, ctx);
    await uploadRoutes(api, ctx);
    await proofRoutes(api, ctx);
    await merchantChatRoutes(api, ctx);
    await liveChatRoutes(api, ctx);
    await telegramRoutes(api, ctx, telegram);
    await openApiRoutes(api);
    await hub.register(api);
    if (!ctx.config.isProduction) await devMailboxRoutes(api, ctx);
    if (!ctx.config.isProduction) await devChainRoutes(api, ctx);
  });

  await serveWeb(server, ctx.config.WEB_DIST ?? defaultWebDist);
  return { server, hub, routes };
}

/** The built SPA: static assets, and index.html for any other GET outside /api, /realtime, /dev and /metrics. */
async function serveWeb(server: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(dist)) return;
  await server.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
    preCompressed: true,
    // Cache-Control is set here; send's own ("public, max-age=0") would replace it.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  server.addHook("onRequest", async (req, reply) => {
    if (req.method !== "GET" && req.method !== "HEAD") return;
    const path = req.url.split("?")[0]!;
    if (/^\/(api|realtime|dev|metrics)(\/|$)/.test(path) || path.includes(".")) return;
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });
}
