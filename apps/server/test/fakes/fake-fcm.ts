import { createPublicKey, generateKeyPairSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FCM_SCOPE } from "../../src/push/fcm-sender.js";

export type FakeFcmMessage = { token: string; notification: { title: string; body: string }; data?: Record<string, string> };

/**
 * A local stand-in for Google's OAuth token endpoint and FCM HTTP v1 (tests only), speaking the
 * real protocol: POST /token takes a jwt-bearer grant and checks the RS256 signature with the
 * service account's public key, its issuer, audience, scope and expiry; POST
 * /v1/projects/{project}/messages:send checks the bearer token and the message's shape.
 */
export type FakeFcm = {
  url: string;
  tokenUrl: string;
  projectId: string;
  clientEmail: string;
  privateKeyPem: string;
  /** Accepted messages. */
  delivered: FakeFcmMessage[];
  /** Every messages:send call with its HTTP status, refused ones included. */
  attempts: { status: number; token?: string }[];
  tokenRequests: number;
  /** The next n messages:send calls answer 503 UNAVAILABLE. */
  failSend(n: number): void;
  /** Sends to this device token answer 404 UNREGISTERED. */
  unregister(token: string): void;
  close(): Promise<void>;
};

export async function startFakeFcm(): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const verifyKey = createPublicKey(publicKey.export({ type: "spki", format: "pem" }));
  const projectId = "naijap2p-test";
  const clientEmail = "push@naijap2p-test.iam.gserviceaccount.com";
  const accessTokens = new Set<string>();
  const gone = new Set<string>();
  const delivered: FakeFcmMessage[] = [];
  const attempts: FakeFcm["attempts"] = [];
  let failures = 0;
  let tokenRequests = 0;
  let base = "";

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const fcmError = (res: ServerResponse, code: number, status: string, message: string, errorCode?: string) =>
    answer(res, code, {
      error: {
        code,
        message,
        status,
        ...(errorCode ? { details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] } : {}),
      },
    });

  function checkAssertion(jwt: string): string | null {
    const parts = jwt.split(".");
    if (parts.length !== 3) return "malformed JWT";
    const [h, c, s] = parts as [string, string, string];
    const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string };
    if (header.alg !== "RS256") return "alg must be RS256";
    if (!verify("RSA-SHA256", Buffer.from(`${h}.${c}`), verifyKey, Buffer.from(s, "base64url"))) return "bad signature";
    const claims = JSON.parse(Buffer.from(c, "base64url").toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== clientEmail) return "wrong iss";
    if (claims.aud !== `${base}/token`) return "wrong aud";
    if (typeof claims.scope !== "string" || !claims.scope.split(" ").includes(FCM_SCOPE)) return "missing scope";
    if (typeof claims.iat !== "number" || typeof claims.exp !== "number" || claims.exp <= now || claims.exp - claims.iat > 3600) {
      return "bad iat/exp";
    }
    return null;
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (req.method === "POST" && req.url === "/token") {
      tokenRequests++;
      const form = new URLSearchParams(raw);
      if (req.headers["content-type"] !== "application/x-www-form-urlencoded") return answer(res, 400, { error: "invalid_request" });
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return answer(res, 400, { error: "unsupported_grant_type" });
      const problem = checkAssertion(form.get("assertion") ?? "");
      if (problem) return answer(res, 400, { error: "invalid_grant", error_description: problem });
      const token = `ya29.${randomBytes(24).toString("base64url")}`;
      accessTokens.add(token);
      return answer(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? "");
    if (req.method !== "POST" || !send) return fcmError(res, 404, "NOT_FOUND", "Not found");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      attempts.push({ status: 401 });
      return fcmError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    }
    if (send[1] !== projectId) return fcmError(res, 403, "PERMISSION_DENIED", "Wrong project", "SENDER_ID_MISMATCH");
    let body: { message?: Partial<FakeFcmMessage> & Record<string, unknown> };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return fcmError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    const m = body.message;
    const shapeOk =
      !!m &&
      typeof m.token === "string" &&
      typeof m.notification?.title === "string" &&
      typeof m.notification?.body === "string" &&
      (m.data === undefined || Object.values(m.data).every((v) => typeof v === "string"));
    if (!shapeOk) return fcmError(res, 400, "INVALID_ARGUMENT", "Invalid message", "INVALID_ARGUMENT");
    const message = m as FakeFcmMessage;
    if (failures > 0) {
      failures--;
      attempts.push({ status: 503, token: message.token });
      return fcmError(res, 503, "UNAVAILABLE", "The service is currently unavailable.", "UNAVAILABLE");
    }
    if (gone.has(message.token)) {
      attempts.push({ status: 404, token: message.token });
      return fcmError(res, 404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
    }
    attempts.push({ status: 200, token: message.token });
    delivered.push(message);
    return answer(res, 200, { name: `projects/${projectId}/messages/${randomBytes(8).toString("hex")}` });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    tokenUrl: `${base}/token`,
    projectId,
    clientEmail,
    privateKeyPem,
    delivered,
    attempts,
    get tokenRequests() {
      return tokenRequests;
    },
    failSend(n) {
      failures = n;
    },
    unregister(token) {
      gone.add(token);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
