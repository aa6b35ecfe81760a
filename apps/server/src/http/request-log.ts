import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Logger } from "pino";

/** Query parameters whose value is a secret: mailed link tokens, OAuth codes and state, passwords. */
const SECRET_PARAM = /([?&;#](?:[\w.-]*[_.-])?(?:token|code|state|password)=)[^&;#\s"]*/gi;

/** The URL with the value of every secret parameter replaced, wherever it appears. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, "$1[redacted]");
}

/**
 * The server's logger as Fastify gets it: each request is logged with its URL redacted, so a live
 * reset link (`/reset-password?token=…`), a confirmation link or an OIDC callback's code never
 * reaches the log.
 */
export function requestLogger(log: Logger): FastifyBaseLogger {
  return log.child(
    {},
    {
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
  ) as FastifyBaseLogger;
}
