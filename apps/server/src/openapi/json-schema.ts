import { z } from "zod";

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of a shared zod schema: "input" for what a client sends (defaults may be left
 * out, coerced query values), "output" for what the server answers (no field beyond those listed).
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Refinements and transforms run in zod only; the document says what the types and bounds are.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}
