import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api";

/** Puts the server's per-field messages (`error.fields`) under the matching inputs. */
export function applyServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]): void {
  if (!isApiError(err) || !err.fields) return;
  for (const [name, message] of Object.entries(err.fields)) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (field) setError(field, { type: "server", message });
  }
}
