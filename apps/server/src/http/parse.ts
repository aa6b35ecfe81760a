import type { z } from "zod";
import { AppError } from "./errors.js";

/** Parses input with its shared schema; bad input becomes a 400 naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : issue.message;
  }
  const [firstKey, firstMessage] = Object.entries(fields)[0]!;
  const message = firstKey === "_" ? firstMessage : `${firstKey}: ${firstMessage}`;
  throw new AppError("VALIDATION_FAILED", message, fields);
}
