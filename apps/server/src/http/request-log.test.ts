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
});
