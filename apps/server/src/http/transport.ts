import type { Server } from "node:http";
import type { FastifyHttpOptions, FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

const HEADERS_TIMEOUT_MS = 10_000;

/**
 * How the HTTP server treats connections: a request must arrive whole within the request timeout
 * (a body sent a byte at a time is cut with 408), its headers within 10 s, an idle keep-alive
 * connection closes after the keep-alive timeout and any silent socket soon after. X-Forwarded-For
 * is believed only from the proxies TRUST_PROXY names (none by default).
 */
export function transportOptions(config: Config): FastifyHttpOptions<Server> {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  return {
    trustProxy: trustedProxies(config.TRUST_PROXY),
    requestTimeout,
    keepAliveTimeout,
    // A socket silent for longer than any of the above is dead (WebSockets turn this off for themselves).
    connectionTimeout: Math.max(requestTimeout, keepAliveTimeout) + 5_000,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests over their timeout (its default, 30 s, would let one live 90 s).
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeout / 4))),
    },
  };
}

/**
 * A hop count trusts that many proxies in front of the server, whoever they are: only for a server
 * that nothing reaches except through them (Fastify itself refuses a bare number, so it is a function).
 */
function trustedProxies(setting: Config["TRUST_PROXY"]): FastifyServerOptions["trustProxy"] {
  if (setting === undefined || setting === 0) return false;
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}
