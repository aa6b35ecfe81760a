import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-that-is-long-enough-123", PUBLIC_URL: "https://p2p.example.com" };
const SIGN_IN_LIMIT = 3;

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

const signIn = (forwardedFor: string) =>
  fetch(`${server!.url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: "nobody@example.test", password: "Not-The-Password-1" }),
  }).then((r) => r.status);

/** A POST whose declared body trickles in a byte every `everyMs`; resolves with what the server answered once it closed. */
function trickleBody(url: string, everyMs: number, giveUpMs: number): Promise<{ closed: boolean; answer: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    const timer = setInterval(() => socket.writable && socket.write("a"), everyMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, answer });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => finish(true));
    socket.on("error", () => undefined);
    socket.write(`POST /api/auth/sign-in HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{`);
  });
}

describe("HTTP transport", () => {
  it("cuts a request whose body arrives a byte at a time once the request timeout passes", async () => {
    server = await startTestServer({ HTTP_REQUEST_TIMEOUT_MS: "1500" });
    const started = Date.now();
    const { closed, answer } = await trickleBody(server.url, 400, 8000);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it("keeps counting a per-IP limit by the connection's address whatever X-Forwarded-For says, in production too", async () => {
    server = await startTestServer({ ...PRODUCTION, RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT) });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) statuses.push(await signIn(`198.51.100.${i + 1}`));
    expect(statuses.slice(0, SIGN_IN_LIMIT)).not.toContain(429);
    expect(statuses[SIGN_IN_LIMIT]).toBe(429);
  });

  it("with TRUST_PROXY=1 believes only the address the one proxy appended, not what the client wrote before it", async () => {
    server = await startTestServer({ ...PRODUCTION, TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT) });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) statuses.push(await signIn(`198.51.100.${i + 1}, 203.0.113.9`));
    expect(statuses[SIGN_IN_LIMIT]).toBe(429);
    // Another client behind the same proxy has a count of its own.
    expect(await signIn("198.51.100.1, 203.0.113.10")).not.toBe(429);
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, and refuses anything else", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback, ::1" }).TRUST_PROXY).toEqual(["10.0.0.1", "10.0.0.0/8", "loopback", "::1"]);
    for (const bad of ["true", "*", "10.0.0.0/40", "proxy.example.com"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it("listens only on this machine outside production unless HOST says otherwise", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig(PRODUCTION).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...PRODUCTION, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });
});
