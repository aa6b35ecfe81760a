import { z } from "zod";
import { contracts } from "./route-contract.js";

const openApiDocumentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
});

export const openApiContract = contracts("API reference", {
  "GET /api/openapi.json": { summary: "This document (OpenAPI 3.1)", access: "public", responses: { 200: openApiDocumentSchema } },
  "GET /api/docs": { summary: "This document as a page to read", access: "public", responses: { 200: "html" } },
});
