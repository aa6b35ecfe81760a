import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { loadConfig } from "../config.js";
import { startServer, type RunningServer } from "../server.js";
import { freshDatabase } from "../../test/harness.js";
import { redactUrl } from "./request-log.js";

/** Every line the server logs, as written. */
const lines: string[] = [];
let server: RunningServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await freshDatabase();
  drop = database.drop;
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", WEB_DIST: "/nonexistent/web-dist" });
  server = await startServer(config, {
    database,
    logger: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
    mailTransport: async () => undefined,
    startJobs: false,
  });
});
afterAll(async () => {
  await server.close();
  await drop();
});

describe("the request log", () => {
  it("never records a link's token, an OIDC code or state, or a password from a URL", async () => {
    const secrets = ["RESETSECRET123", "CONFIRMSECRET456", "OIDCCODE789", "OIDCSTATE012", "PASSWORDSECRET345", "REFRESHSECRET678"];
    const paths = [
      `/reset-password?token=${secrets[0]}`,
      `/api/auth/confirm?token=${secrets[1]}`,
      `/api/auth/google/callback?code=${secrets[2]}&state=${secrets[3]}`,
      `/api/health?lang=en&PASSWORD=${secrets[4]}`,
      `/api/auth/refresh?x=1;refresh_token=${secrets[5]}`,
    ];
    for (const path of paths) await fetch(`${server.url}${path}`, { redirect: "manual" });

    const log = lines.join("");
    expect(log).toContain('"url":"/api/auth/confirm?token=[redacted]"');
    expect(log).toContain('"url":"/api/auth/google/callback?code=[redacted]&state=[redacted]"');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it("keeps the rest of the URL as it was", () => {
    expect(redactUrl("/api/offers?coin=PI&page=2")).toBe("/api/offers?coin=PI&page=2");
    expect(redactUrl("/auth?error=Invalid%20link&state=abc#token=xyz")).toBe("/auth?error=Invalid%20link&state=[redacted]#token=[redacted]");
    expect(redactUrl("/x?tokens=1&country_code=234")).toBe("/x?tokens=1&country_code=[redacted]");
  });

  it("carries one request id on every line of a request and returns it as X-Request-Id: the caller's when it looks like one, else a new UUID", async () => {
    const given = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": "edge-7f3a.42" } });
    expect(given.headers.get("x-request-id")).toBe("edge-7f3a.42");
    const requestLines = lines.filter((line) => line.includes('"reqId":"edge-7f3a.42"'));
    expect(requestLines.map((line) => JSON.parse(line).msg)).toEqual(["incoming request", "request completed"]);

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const fresh = await fetch(`${server.url}/api/health`);
    expect(fresh.headers.get("x-request-id")).toMatch(uuid);
    const forged = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": "not an id <script>".repeat(5) } });
    expect(forged.headers.get("x-request-id")).toMatch(uuid);
    expect(fresh.headers.get("x-request-id")).not.toBe(forged.headers.get("x-request-id"));
  });
});
