import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ErrorCode } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";

type Placement<T extends FieldValues> = {
  /** The field a refusal is about when the server names it by code (DUPLICATE_TX_HASH is about the hash). */
  byCode?: Partial<Record<ErrorCode, Path<T>>>;
  /** The field that shows the server's message when no field took one. */
  otherwise?: Path<T>;
};

/**
 * Puts the server's per-field messages (`error.fields`) under the matching inputs. Returns whether
 * a message found an input, so the form can show the refusal elsewhere.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  { byCode = {}, otherwise }: Placement<T> = {},
): boolean {
  if (!isApiError(err)) return false;
  const coded = err.code === "NETWORK" ? undefined : byCode[err.code];
  if (coded) {
    setError(coded, { type: "server", message: err.message });
    return true;
  }
  let placed = false;
  for (const [name, message] of Object.entries(err.fields ?? {})) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: "server", message });
      placed = true;
    }
  }
  if (!placed && otherwise) {
    setError(otherwise, { type: "server", message: err.message });
    placed = true;
  }
  return placed;
}

/** A field's message as shown: a schema's message is a key and the server's is its own words, both translated. */
export function shownFieldError(message: string | undefined): string | undefined {
  return message && translateServerText(message);
}
