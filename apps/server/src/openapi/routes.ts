import type { FastifyInstance } from "fastify";
import { VERSION } from "../health/routes.js";
import { API_CONTRACTS } from "./api-contracts.js";
import { buildOpenApiDocument, type OpenApiDocument } from "./build-document.js";
import { renderDocsPage } from "./docs-page.js";

let built: { document: OpenApiDocument; json: string; page: string } | null = null;

/** The document and its page, built from the contracts on first request and kept: they change only with the code. */
export function apiReference() {
  if (built) return built;
  const document = buildOpenApiDocument(API_CONTRACTS, VERSION);
  built = { document, json: JSON.stringify(document), page: renderDocsPage(document) };
  return built;
}

/** GET /api/openapi.json (the API as OpenAPI 3.1) and GET /api/docs (the same, to read). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/openapi.json", async (_req, reply) => {
    return reply.header("Cache-Control", "no-cache").type("application/json; charset=utf-8").send(apiReference().json);
  });

  app.get("/api/docs", async (_req, reply) => {
    return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(apiReference().page);
  });
}
