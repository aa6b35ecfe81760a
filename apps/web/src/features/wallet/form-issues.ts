import type { z } from "zod";
import { i18next } from "@/i18n/i18n";

/** The first message per top-level field of a failed parse (shared schema messages are keys), translated, to show under each input. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= i18next.t(issue.message);
  }
  return out;
}
