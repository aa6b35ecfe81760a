import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument, OpenApiOperation } from "../src/openapi/build-document.js";
import type { JsonSchema } from "../src/openapi/json-schema.js";

type Declared = { description: string; content?: Record<string, { schema?: JsonSchema }> };
type Route = { method: string; template: string; pattern: RegExp; params: number; operation: OpenApiOperation };

/**
 * Checks answers against the API document: the route's declared response for that status, by the
 * JSON Schema the document publishes (so no field beyond the declared ones passes either).
 */
export class ResponseChecker {
  private readonly routes: Route[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.routes = Object.entries(document.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
          params: (template.match(/\{/g) ?? []).length,
          operation,
        })),
      )
      // A fixed segment wins over a parameter, as in Fastify's router (/api/orders/badges before /api/orders/{id}).
      .sort((a, b) => a.params - b.params);
  }

  /** What is wrong with this answer, or null when it is what the document declares. */
  problem(method: string, path: string, status: number, contentType: string, body: string): string | null {
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const name = route ? `${method} ${route.template}` : `${method} ${path}`;
    const declared = route ? this.declared(route.operation, status) : status >= 400 ? this.errorResponse() : null;
    if (!declared)
      return route ? `${name} answered ${status}, a status it does not declare` : `${name} answered ${status} but is not in the API document`;
    const schema = declared.content?.["application/json"]?.schema;
    const isJson = contentType.includes("application/json");
    if (!schema) return isJson ? `${name} answered ${status} with JSON, but declares no JSON body for it` : null;
    if (!isJson) return `${name} answered ${status} with "${contentType}", but declares a JSON body`;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return `${name} answered ${status} with a body that is not JSON`;
    }
    const validate = this.validator(schema);
    if (validate(value)) return null;
    const errors = (validate.errors ?? []).map((e) => {
      const extra = e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : "";
      return `${e.instancePath || "(body)"} ${e.message ?? e.keyword}${extra}`;
    });
    return `${name} answered ${status} with a body that does not match its schema: ${errors.join("; ")}\nbody: ${body.slice(0, 600)}`;
  }

  private declared(operation: OpenApiOperation, status: number): Declared | null {
    const found = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    if (!found) return null;
    return "$ref" in (found as object) ? this.errorResponse() : (found as Declared);
  }

  private errorResponse(): Declared {
    return { description: "error", content: { "application/json": { schema: this.document.components.schemas!.ApiError as JsonSchema } } };
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) this.compiled.set(schema, (validate = this.ajv.compile(schema)));
    return validate;
  }
}
