import type { z } from "zod";
import { HTTP_TEXTS } from "@p2p/shared";
import { AppError } from "./errors.js";

/** Parses input with its shared schema; bad input becomes a 400 naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // The safety net behind every schema: text PostgreSQL cannot store never reaches a query.
    const unsafe = findUnsafeText(result.data);
    if (unsafe === null) return result.data;
    const message = HTTP_TEXTS.unsafeText;
    throw new AppError("VALIDATION_FAILED", unsafe ? `${unsafe}: ${message}` : message, { [unsafe || "_"]: message });
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : issue.message;
  }
  const [firstKey, firstMessage] = Object.entries(fields)[0]!;
  const message = firstKey === "_" ? firstMessage : `${firstKey}: ${firstMessage}`;
  throw new AppError("VALIDATION_FAILED", message, fields);
}

// NUL cannot be stored by PostgreSQL, and lone surrogates are not text: both are refused up front.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSAFE_TEXT = /[\u0000]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) in the input that holds unsafe text, or null. */
function findUnsafeText(value: unknown, path = ""): string | null {
  if (typeof value === "string") return UNSAFE_TEXT.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSAFE_TEXT.test(key)) return path;
      const found = findUnsafeText(inner, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
