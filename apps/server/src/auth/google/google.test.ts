import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { placeholderUsername } from "@p2p/shared";
import { userRoles, users } from "../../db/schema.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestClient } from "../../../test/client.js";
import { GOOD_PASSWORD, newSignUp, signUpConfirmed } from "../../../test/accounts.js";
import { ACCESS_COOKIE, OIDC_FLOW_COOKIE, REFRESH_COOKIE } from "../cookies.js";

type Identity = { sub: string; email?: string; email_verified?: boolean; name?: string };

let provider: OAuth2Server;
let server: TestServer;
let identity: Identity;

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

let n = 0;
function googleIdentity(overrides: Partial<Identity> = {}): Identity {
  n += 1;
  return {
    sub: `google-sub-${Date.now()}-${n}`,
    email: `google.${n}.${Date.now()}@gmail.test`,
    email_verified: true,
    name: "Ngozi Eze",
    ...overrides,
  };
}

/** Follows the redirects by hand: our start URL, the provider's authorize endpoint, our callback. */
async function throughProvider(client: TestClient, editCallback: (url: URL) => void = () => {}) {
  const start = await client.get("/api/auth/google");
  expect(start.status).toBe(302);
  const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get("location")!);
  editCallback(callback);
  return client.get(callback.href);
}

const authError = (res: Response) => {
  const location = res.headers.get("location") ?? "";
  return location.startsWith("/auth?error=") ? decodeURIComponent(location.slice("/auth?error=".length)) : null;
};
const userCount = async () => (await server.ctx.db.select({ n: count() }).from(users))[0]!.n;
const userByEmail = async (email: string) => (await server.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe("GET /api/auth/google", () => {
  it("redirects to the provider with PKCE (S256), state, nonce and our callback, keeping them in a __Host- cookie", async () => {
    const client = new TestClient(server.url);
    const res = await client.get("/api/auth/google");
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin).toBe(provider.issuer.url);
    expect(url.searchParams.get("client_id")).toBe("naijap2p-test-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/google/callback`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "email"]));

    const flow = client.lastSetCookies.find((c) => c.name === OIDC_FLOW_COOKIE)!;
    expect(flow.attributes).toMatchObject({ httponly: true, secure: true, samesite: "Lax", path: "/" });
    // The cookie is signed, not a plain copy a page could forge.
    expect(flow.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it("says google: true at /api/auth/providers", async () => {
    expect(await (await fetch(`${server.url}/api/auth/providers`)).json()).toEqual({ google: true, telegram: false });
  });
});

describe("GET /api/auth/google/callback", () => {
  it("creates a new account with a placeholder username and no phone, signs it in, and lands on /complete-profile", async () => {
    identity = googleIdentity();
    const before = await userCount();
    const client = new TestClient(server.url);
    const res = await throughProvider(client);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/complete-profile");
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(true);
    expect(client.cookies.has(REFRESH_COOKIE)).toBe(true);
    expect(client.cookies.has(OIDC_FLOW_COOKIE)).toBe(false);
    expect(await userCount()).toBe(before + 1);

    const { user: me } = await (await client.get("/api/auth/session")).json();
    expect(me).toMatchObject({
      email: identity.email,
      full_name: "Ngozi Eze",
      username: placeholderUsername(me.id),
      phone_number: null,
      role: "user",
      needs_profile: true,
    });
    const row = (await userByEmail(identity.email!))!;
    expect(row).toMatchObject({ googleSub: identity.sub, passwordHash: null });
    expect(row.emailConfirmedAt).toBeInstanceOf(Date);
    const [role] = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, row.id));
    expect(role!.role).toBe("user");

    // Completing the profile works with the Google session.
    const wanted = newSignUp();
    const patch = await client.patch("/api/profile", { username: wanted.username, phone_number: wanted.phone_number });
    expect((await patch.json()).user.needs_profile).toBe(false);
  });

  it("creates the account in the language the app was showing (its cookie), else the browser's", async () => {
    identity = googleIdentity();
    const withCookie = new TestClient(server.url);
    withCookie.cookies.set("lang", "ig");
    expect((await throughProvider(withCookie)).headers.get("location")).toBe("/complete-profile");
    expect((await userByEmail(identity.email!))!.language).toBe("ig");

    identity = googleIdentity();
    const browser = new TestClient(server.url);
    const start = await browser.get("/api/auth/google");
    const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
    await browser.get(authorize.headers.get("location")!, { "accept-language": "ar-EG,ar;q=0.9,en;q=0.8" });
    expect((await userByEmail(identity.email!))!.language).toBe("ar");
  });

  it("signs the same Google account into the same user the next time", async () => {
    identity = googleIdentity();
    await throughProvider(new TestClient(server.url));
    const first = (await userByEmail(identity.email!))!;
    const before = await userCount();
    const client = new TestClient(server.url);
    expect((await throughProvider(client)).headers.get("location")).toBe("/complete-profile");
    expect(await userCount()).toBe(before);
    expect((await (await client.get("/api/auth/session")).json()).user.id).toBe(first.id);
  });

  it("links a confirmed password account with the same verified email; the password keeps working", async () => {
    const existing = await signUpConfirmed(server);
    identity = googleIdentity({ email: existing.input.email.toUpperCase() });
    const client = new TestClient(server.url);
    await throughProvider(client);
    expect((await (await client.get("/api/auth/session")).json()).user).toMatchObject({ id: existing.userId, needs_profile: false });
    expect((await userByEmail(existing.input.email))!.googleSub).toBe(identity.sub);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in", { email: existing.input.email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it("linking a never-confirmed account confirms it and drops the unproven password (pre-hijacking)", async () => {
    const squatter = newSignUp();
    await new TestClient(server.url).post("/api/auth/sign-up", squatter);
    identity = googleIdentity({ email: squatter.email });
    const client = new TestClient(server.url);
    expect((await throughProvider(client)).headers.get("location")).toBe("/complete-profile");
    const row = (await userByEmail(squatter.email))!;
    expect(row.passwordHash).toBeNull();
    expect(row.emailConfirmedAt).toBeInstanceOf(Date);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in", { email: squatter.email, password: squatter.password });
    expect(signIn.status).toBe(401);
  });

  it("refuses a Google account without a verified email, creating nothing", async () => {
    identity = googleIdentity({ email_verified: false });
    const before = await userCount();
    const client = new TestClient(server.url);
    const res = await throughProvider(client);
    expect(authError(res)).toBe("Your Google account has no verified email address.");
    expect(await userCount()).toBe(before);
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
  });

  it("refuses a suspended account", async () => {
    const existing = await signUpConfirmed(server);
    await server.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, existing.userId));
    identity = googleIdentity({ email: existing.input.email });
    const client = new TestClient(server.url);
    const res = await throughProvider(client);
    expect(authError(res)).toBe("Your account has been suspended. Contact support.");
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
  });

  it("refuses a callback whose state does not match the one it started with", async () => {
    identity = googleIdentity();
    const before = await userCount();
    const client = new TestClient(server.url);
    const res = await throughProvider(client, (url) => url.searchParams.set("state", "forged-state"));
    expect(authError(res)).toBe("Google sign-in failed. Please try again.");
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it("refuses a callback in a browser that did not start the sign-in (no flow cookie)", async () => {
    identity = googleIdentity();
    const starter = new TestClient(server.url);
    const start = await starter.get("/api/auth/google");
    const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const victim = new TestClient(server.url);
    const res = await victim.get(authorize.headers.get("location")!);
    expect(authError(res)).toBe("Your Google sign-in expired or was started in another browser. Please try again.");
    expect(victim.cookies.has(ACCESS_COOKIE)).toBe(false);
  });

  it("refuses the same callback twice (the flow cookie is used up)", async () => {
    identity = googleIdentity();
    const client = new TestClient(server.url);
    let callback = "";
    await throughProvider(client, (url) => void (callback = url.href));
    const replay = await client.get(callback);
    expect(authError(replay)).toMatch(/expired/);
  });

  it("sends the person back to /auth when they cancel at the provider", async () => {
    const client = new TestClient(server.url);
    await client.get("/api/auth/google");
    const res = await client.get("/api/auth/google/callback?error=access_denied&state=x");
    expect(authError(res)).toBe("Google sign-in was cancelled.");
  });

  it("refuses a forged flow cookie", async () => {
    const client = new TestClient(server.url);
    client.cookies.set(OIDC_FLOW_COOKIE, "eyJ2IjoiYSJ9.bm90LWEtbWFj");
    const res = await client.get("/api/auth/google/callback?code=abc&state=def");
    expect(authError(res)).toMatch(/expired/);
  });
});

describe("when Google is not configured", () => {
  it("both endpoints redirect to /auth saying so, and providers says google: false", async () => {
    const bare = await startTestServer();
    try {
      for (const path of ["/api/auth/google", "/api/auth/google/callback?code=x&state=y"]) {
        const res = await fetch(`${bare.url}${path}`, { redirect: "manual" });
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`/auth?error=${encodeURIComponent("Google sign-in is not configured on this server.")}`);
      }
      expect((await (await fetch(`${bare.url}/api/auth/providers`)).json()).google).toBe(false);
    } finally {
      await bare.stop();
    }
  });

  it("says the provider is unavailable when its discovery document cannot be fetched", async () => {
    const unreachable = await startTestServer({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER: "http://127.0.0.1:9",
    });
    try {
      const res = await fetch(`${unreachable.url}/api/auth/google`, { redirect: "manual" });
      expect(authError(res)).toBe("Google sign-in is unavailable right now. Please try again later.");
    } finally {
      await unreachable.stop();
    }
  });
});
