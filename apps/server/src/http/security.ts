import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";
import type { Config } from "../config.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/** Security headers on every response, and refusal of cross-site state changes (DESIGN §6). */
export function installSecurity(app: FastifyInstance, config: Config): void {
  const allowedOrigins = new Set([config.publicUrl]);

  app.addHook("onRequest", async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    // The Telegram webhook is called by Telegram's servers, authenticated by its secret header.
    if (req.url.startsWith("/api/telegram/webhook")) return;
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site") throw crossSite();
    const origin = req.headers.origin;
    if (origin && origin !== "null" && !allowedOrigins.has(origin) && !sameHost(origin, req.headers.host)) {
      throw crossSite();
    }
    if (origin === "null") throw crossSite();
  });

  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("Content-Security-Policy", CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (config.isProduction) reply.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    return payload;
  });
}

/** True when the request comes from another site's page (cookies must not authenticate it). */
export function isForeignOrigin(origin: string | undefined, host: string | undefined, config: Config): boolean {
  if (origin === undefined) return false;
  return origin === "null" || (origin !== config.publicUrl && !sameHost(origin, host));
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function crossSite(): AppError {
  return new AppError("CROSS_SITE_REQUEST", "Cross-site requests are not allowed.");
}
