import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { PushRejectedError, PushTokenGoneError, type PushMessage, type PushSender } from "./push-sender.js";

export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

export type FcmOptions = {
  projectId: string;
  clientEmail: string;
  /** PEM of the service account's RSA key. */
  privateKey: string;
  /** https://fcm.googleapis.com, or a local fake in tests. */
  apiRoot: string;
  /** https://oauth2.googleapis.com/token, or a local fake in tests. */
  tokenUrl: string;
  /** Per request; a hung service must not hold a job forever. */
  timeoutMs?: number;
};

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

/** The service account's signed assertion (RFC 7523), exchanged for an access token. */
export function serviceAccountJwt(options: { clientEmail: string; key: KeyObject; tokenUrl: string; now?: number }): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(JSON.stringify({ iss: options.clientEmail, scope: FCM_SCOPE, aud: options.tokenUrl, iat, exp: iat + 3600 }));
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${claims}`), options.key);
  return `${header}.${claims}.${base64url(signature)}`;
}

type FcmErrorBody = { error?: { code?: number; status?: string; message?: string; details?: { errorCode?: string }[] } };

/**
 * FCM HTTP v1: a service-account JWT (RS256) exchanged at the OAuth token endpoint for a bearer
 * token (kept until a minute before it expires), then POST /v1/projects/{project}/messages:send.
 */
export function createFcmSender(options: FcmOptions): PushSender {
  const key = createPrivateKey(options.privateKey);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sendUrl = `${options.apiRoot.replace(/\/$/, "")}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    const assertion = serviceAccountJwt({ clientEmail: options.clientEmail, key, tokenUrl: options.tokenUrl });
    const res = await fetch(options.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) throw new Error(`FCM token endpoint answered ${res.status}${body.error ? ` ${body.error}` : ""}`);
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  async function post(message: PushMessage): Promise<Response> {
    return fetch(sendUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await accessToken()}` },
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: message.data,
          android: { priority: "high" },
        },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    async send(message) {
      let res = await post(message);
      if (res.status === 401) {
        // The bearer token was revoked or expired early: one retry with a fresh one.
        cached = null;
        res = await post(message);
      }
      if (res.ok) return;
      const body = (await res.json().catch(() => ({}))) as FcmErrorBody;
      const errorCode = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? body.error?.status ?? "";
      const what = `FCM answered ${res.status} ${errorCode}`.trim();
      if (errorCode === "UNREGISTERED" || res.status === 404) throw new PushTokenGoneError(what);
      if (res.status === 400 || res.status === 403) throw new PushRejectedError(what);
      throw new Error(what); // 429, 5xx: retried later by the job runner
    },
  };
}
