import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL, type ApiErrorBody, type Upload } from "@p2p/shared";
import { api, ApiError } from "@/lib/api";
import { i18n } from "@/i18n/i18n";

export const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(",");

/** Why a picked file cannot be sent, in the reader's language, checked before any upload (the server checks the bytes again). */
export function imageFileProblem(file: File): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return i18n.t("Choose a PNG, JPEG or WebP image.");
  if (file.size > UPLOAD_MAX_BYTES) return i18n.t("The image is larger than {{max}}. Choose a smaller image.", { max: UPLOAD_MAX_LABEL });
  if (file.size === 0) return i18n.t("This file is empty. Choose another image.");
  return null;
}

/**
 * Uploads an image as the raw request body (POST /api/uploads, docs/API.md "Uploads") and
 * returns the stored upload, ready to attach. An expired access token is refreshed once.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<Upload> {
  const problem = imageFileProblem(file);
  if (problem) throw new ApiError(400, "INVALID_IMAGE", problem);
  const send = () =>
    fetch("/api/uploads", { method: "POST", credentials: "same-origin", headers: { "Content-Type": file.type }, body: file, signal });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await errorOf(response.clone()))?.code === "TOKEN_EXPIRED") {
      // Any API call refreshes the session on TOKEN_EXPIRED; then the upload is sent again.
      await refreshAccess();
      response = await send();
    }
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK", i18n.t("Could not reach the server. Check your connection and try again."));
  }
  if (!response.ok) {
    const error = await errorOf(response);
    throw new ApiError(response.status, error?.code ?? "INTERNAL", error?.message ?? i18n.t("The image could not be uploaded. Please try again."));
  }
  return ((await response.json()) as { upload: Upload }).upload;
}

async function errorOf(response: Response): Promise<ApiErrorBody["error"] | undefined> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return body?.error;
}

/** Any authenticated call refreshes an expired access token (lib/api), so images and uploads can retry. */
export function refreshAccess(): Promise<void> {
  return api("/api/badges").then(
    () => undefined,
    () => undefined,
  );
}
