import { randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";

/** A caller's (or a proxy's) X-Request-Id is kept when it looks like an id; otherwise a new UUID. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: every log line of the request carries it, and the answer returns it. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && CALLER_ID.test(given) ? given : randomUUID();
}

/**
 * X-Request-Id on every answer, each request's latency by route, and GET /metrics for Prometheus,
 * which answers only `Authorization: Bearer <METRICS_TOKEN>` (404 while no token is configured).
 */
export function installObservability(server: FastifyInstance, ctx: AppContext): void {
  const { metrics, config } = ctx;
  server.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  server.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? "unmatched";
    metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  server.get("/metrics", async (req, reply) => {
    if (!config.METRICS_TOKEN) throw new AppError("NOT_FOUND", "Not found.");
    if (!bearerMatches(req, config.METRICS_TOKEN)) throw new AppError("UNAUTHENTICATED", "Send the metrics token as a Bearer token.");
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
