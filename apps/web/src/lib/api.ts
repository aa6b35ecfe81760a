import { msg, type ApiErrorBody, type ErrorCode } from "@p2p/shared";
import { sessionEnded, sessionEndReason } from "./session-end";

/** A failed API call: the server's error code and its human message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refresh's outcome: refreshed, refused (the session ended: `ended` says why), or unknown (no answer). */
type Refresh = { refreshed: true } | { refreshed: false; ended: string | null };
let refreshing: Promise<Refresh> | null = null;

/** One refresh at a time, however many requests found their access token expired. */
function refreshSession(): Promise<Refresh> {
  refreshing ??= fetch("/api/auth/refresh", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  })
    .then(async (r): Promise<Refresh> => (r.ok ? { refreshed: true } : { refreshed: false, ended: r.status === 401 ? await messageOf(r) : null }))
    .catch((): Refresh => ({ refreshed: false, ended: null }))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Once the tab's session ended, only the auth endpoints (signing in again) are called. */
const AUTH_PATH = /^\/api\/auth\//;

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

/**
 * Calls the API with the session cookies; an expired access token is refreshed once, then retried.
 * A 401 the refresh cannot fix ends the session in every tab (lib/session-end.ts).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const ended = sessionEndReason();
  if (ended !== null && !AUTH_PATH.test(path)) throw new ApiError(401, "UNAUTHENTICATED", ended);
  const send = () =>
    fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      signal: options.signal,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  const response = await sendRefreshing(send);
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOf(response, body);
  return body as T;
}

/**
 * Saves a file the API answers (an admin's CSV export) under the name its Content-Disposition
 * gives; a refusal throws its ApiError like `api()`. The browser holds the file once it is whole.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const ended = sessionEndReason();
  if (ended !== null) throw new ApiError(401, "UNAUTHENTICATED", ended);
  const response = await sendRefreshing(() => fetch(path, { credentials: "same-origin" }));
  if (!response.ok) throw errorOf(response, await response.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Sends once, and again after one refresh when the access token had expired. */
async function sendRefreshing(send: () => Promise<Response>): Promise<Response> {
  try {
    const response = await send();
    if (response.status !== 401 || (await peekCode(response)) !== "TOKEN_EXPIRED") return response;
    const refresh = await refreshSession();
    if (refresh.refreshed) return await send();
    if (refresh.ended) sessionEnded(refresh.ended);
    return response;
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK", msg("Could not reach the server. Check your connection and try again."));
  }
}

/** The refusal as an ApiError; a 401 no refresh fixed ends the session in every tab. */
function errorOf(response: Response, body: unknown): ApiError {
  const error = (body as ApiErrorBody | null)?.error;
  if (response.status === 401 && error?.code === "UNAUTHENTICATED") sessionEnded(error.message);
  return new ApiError(response.status, error?.code ?? "INTERNAL", error?.message ?? msg("Something went wrong. Please try again."), error?.fields);
}

async function messageOf(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return body?.error?.message ?? null;
}

async function peekCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as ApiErrorBody | null;
  return body?.error?.code;
}

export function isApiError(err: unknown, code?: ErrorCode): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}

/** The request never reached the server (offline, DNS, server down): nothing was decided. */
export const isNetworkError = (err: unknown): boolean => err instanceof ApiError && err.code === "NETWORK";
