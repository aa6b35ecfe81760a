import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuth2Server } from "oauth2-mock-server";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestClient } from "../../../test/client.js";
import { signedInClient } from "../../../test/accounts.js";
import { ACCESS_COOKIE } from "../cookies.js";
import { totpCode } from "../totp.js";
import { TWO_FACTOR_COOKIE } from "../two-factor-cookie.js";

let provider: OAuth2Server;
let server: TestServer;
let identity: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, identity);
  });
  server = await startTestServer({
    GOOGLE_CLIENT_ID: "naijap2p-test-client",
    GOOGLE_CLIENT_SECRET: "naijap2p-test-secret",
    GOOGLE_ISSUER: provider.issuer.url!,
  });
});
afterAll(async () => {
  await server.stop();
  await provider.stop();
});

async function throughProvider(client: TestClient) {
  const start = await client.get("/api/auth/google");
  const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
  return client.get(authorize.headers.get("location")!);
}

describe("Google sign-in with two-factor on", () => {
  it("gives no session after Google, only the code step (challenge in an HttpOnly cookie); the code finishes it", async () => {
    const account = await signedInClient(server);
    const { secret } = await (await account.client.post("/api/auth/two-factor/setup", {})).json();
    expect((await account.client.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);

    identity = { sub: `google-2fa-${Date.now()}`, email: account.input.email, email_verified: true, name: "Ada Okafor" };
    const browser = new TestClient(server.url);
    const callback = await throughProvider(browser);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth?two_factor=google");
    expect(browser.cookies.has(ACCESS_COOKIE)).toBe(false);
    const cookie = browser.lastSetCookies.find((c) => c.name === TWO_FACTOR_COOKIE)!;
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.secure).toBe(true);
    expect((await (await browser.get("/api/auth/session")).json()).user).toBeNull();

    const wrong = await browser.post("/api/auth/sign-in/two-factor", { code: "12345x" });
    expect(wrong.status).toBe(400);
    const res = await browser.post("/api/auth/sign-in/two-factor", { code: totpCode(secret, Date.now() + 30_000) });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(account.userId);
    expect(browser.cookies.has(ACCESS_COOKIE)).toBe(true);
    expect(browser.cookies.has(TWO_FACTOR_COOKIE)).toBe(false);
  });
});
