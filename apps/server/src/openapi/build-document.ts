import { STATUS_CODES } from "node:http";
import { ERROR_STATUS, PRODUCT_NAME, UPLOAD_IMAGE_TYPES } from "@p2p/shared";
import { z } from "zod";
import { jsonSchemaOf, type JsonSchema } from "./json-schema.js";
import type { Access, OtherBody, RouteKey, TaggedContract } from "./route-contract.js";

/** The error body every failure answers (http/error-handler.ts). */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    message: z.string(),
    /** Per-field messages of a refused input, keyed by the field's path ("payout.bank_name"). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  "x-access": Access;
  security: Record<string, string[]>[];
  parameters: { name: string; in: "path" | "query" | "header"; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};

const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];
const ERROR_RESPONSE = { $ref: "#/components/responses/Error" };
const ACCESS_TEXT: Record<Access, string> = {
  public: "Anyone, signed in or not.",
  "signed-in": "Any signed-in account (only on what is its own, or what it is party to).",
  trader: "Signed-in users and merchants (not admins).",
  merchant: "Merchants.",
  "merchant or admin": "Merchants and admins.",
  admin: "Admins.",
};

/** OpenAPI 3.1 from the route contracts: one operation per route, errors in one shared shape. */
export function buildOpenApiDocument(contracts: Record<RouteKey, TaggedContract>, version: string): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const [key, contract] of Object.entries(contracts) as [RouteKey, TaggedContract][]) {
    const [method, route] = key.split(" ") as [string, string];
    const path = openApiPath(route);
    tags.add(contract.tag);
    (paths[path] ??= {})[method.toLowerCase()] = operation(method, route, contract);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description:
        "The HTTP API of the app. What a schema cannot say (sessions, idempotency, the realtime socket, error codes, limits) is in docs/API.md.",
    },
    tags: [...tags].map((name) => ({ name })),
    security: SIGNED_IN,
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-p2p_at",
          description: "The web's session: set by sign-in, renewed by POST /api/auth/refresh.",
        },
        bearerToken: { type: "http", scheme: "bearer", description: "The native app's access token (sign-in with client: native)." },
      },
      schemas: { ApiError: jsonSchemaOf(apiErrorBody, "output") },
      responses: {
        Error: {
          description: "The request was refused or failed: a stable code, a message to show, and per-field messages for refused input.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        },
      },
    },
  };
}

/** "/api/orders/:id" → "/api/orders/{id}". */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function operation(method: string, route: string, contract: TaggedContract): OpenApiOperation {
  const parameters: OpenApiOperation["parameters"] = [...route.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (contract.query) parameters.push(...queryParameters(contract.query));
  if (contract.idempotent) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Sending the same key again answers the first answer instead of acting twice (docs/API.md).",
      schema: { type: "string", minLength: 1, maxLength: 200 },
    });
  }
  return {
    operationId: operationId(method, route),
    tags: [contract.tag],
    summary: contract.summary,
    description: [contract.description, `Who may call it: ${ACCESS_TEXT[contract.access]}`].filter(Boolean).join("\n\n"),
    "x-access": contract.access,
    security: contract.access === "public" ? [] : SIGNED_IN,
    parameters,
    ...(contract.body ? { requestBody: requestBody(contract.body) } : {}),
    responses: { ...responses(contract.responses), "4XX": ERROR_RESPONSE, "5XX": ERROR_RESPONSE },
  };
}

function queryParameters(query: z.ZodType): OpenApiOperation["parameters"] {
  const schema = jsonSchemaOf(query, "input");
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({ name, in: "query", required: required.has(name), schema: property }));
}

function requestBody(body: z.ZodType | "image"): NonNullable<OpenApiOperation["requestBody"]> {
  if (body === "image") return { required: true, content: Object.fromEntries(UPLOAD_IMAGE_TYPES.map((type) => [type, {}])) };
  // parse() reads a missing body as {}: a body every field of which may be left out need not be sent.
  return { required: !body.safeParse({}).success, content: { "application/json": { schema: jsonSchemaOf(body, "input") } } };
}

function responses(declared: TaggedContract["responses"]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(declared).map(([status, body]) => [status, response(Number(status), body)]));
}

function response(status: number, body: z.ZodType | OtherBody): unknown {
  const description = STATUS_CODES[status] ?? String(status);
  switch (body) {
    case "no content":
      return { description };
    case "redirect":
      return { description: `${description}: to a page of the app`, headers: { Location: { schema: { type: "string" } } } };
    case "image":
      return { description, content: Object.fromEntries(UPLOAD_IMAGE_TYPES.map((type) => [type, {}])) };
    case "html":
      return { description, content: { "text/html": { schema: { type: "string" } } } };
    case "csv":
      return { description: `${description}: a CSV file (docs/API.md lists its columns)`, content: { "text/csv": { schema: { type: "string" } } } };
    default:
      return { description, content: { "application/json": { schema: jsonSchemaOf(body, "output") } } };
  }
}

/** "POST /api/orders/:id/mark-paid" → "postOrdersIdMarkPaid". */
function operationId(method: string, route: string): string {
  const words = route
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}
