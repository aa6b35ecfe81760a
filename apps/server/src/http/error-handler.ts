import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HTTP_TEXTS, type ApiErrorBody } from "@p2p/shared";
import { AppError } from "./errors.js";

/** Maps every failure to { error: { code, message } }; only a real bug answers 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const body: ApiErrorBody = { error: { code: err.code, message: err.message, fields: err.fields } };
      return reply.status(err.status).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody("RATE_LIMITED", HTTP_TEXTS.tooManyRequests));
    }
    if (status === 413) {
      return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE", HTTP_TEXTS.tooLarge));
    }
    if (status >= 400 && status < 500) {
      const message = err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? "Send the request body as JSON." : err.message || HTTP_TEXTS.unreadable;
      return reply.status(status).send(errorBody("BAD_REQUEST", message));
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send(errorBody("INTERNAL", HTTP_TEXTS.internal));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(errorBody("NOT_FOUND", `No such endpoint: ${req.method} ${req.url.split("?")[0]}`));
  });
}

/**
 * Fastify's own routing failures (a path parameter over its length limit, a malformed %-escape),
 * answered in the API's error shape: for any id, "no such thing".
 */
export function answerFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void reply.status(404).send(errorBody("NOT_FOUND", HTTP_TEXTS.notFound));
    return;
  }
  void reply.status(400).send(errorBody("BAD_REQUEST", "The address of this request is not valid."));
}

function errorBody(code: ApiErrorBody["error"]["code"], message: string): ApiErrorBody {
  return { error: { code, message } };
}
