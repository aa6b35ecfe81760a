import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "@p2p/shared";
import { retiredRefreshTokens, sessions, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, signedInClient, signUpConfirmed } from "../../test/accounts.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.js";
import { hashToken, signAccessToken } from "./tokens.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const sessionByRefresh = async (token: string) =>
  (
    await server.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, hashToken(token)))
  )[0];
const sessionById = async (id: string) => (await server.ctx.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;

async function nativeSignIn(email: string) {
  const res = await fetch(`${server.url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: GOOD_PASSWORD, client: "native" }),
  });
  return (await res.json()) as { access_token: string; refresh_token: string; user: { id: string } };
}

const retiredHashesOf = async (sessionId: string) =>
  (await server.ctx.db.select().from(retiredRefreshTokens).where(eq(retiredRefreshTokens.sessionId, sessionId))).map((r) => r.hash).sort();

function nativeRefresh(refresh_token: string) {
  return fetch(`${server.url}/api/auth/refresh`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refresh_token }),
  });
}

describe("GET /api/auth/session", () => {
  it("answers user null when signed out", async () => {
    const res = await new TestClient(server.url).get("/api/auth/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it("answers 401 TOKEN_EXPIRED when only the refresh cookie is left (the access cookie lapsed)", async () => {
    const { client } = await signedInClient(server);
    client.cookies.delete(ACCESS_COOKIE);
    const res = await client.get("/api/auth/session");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("TOKEN_EXPIRED");
  });

  it("answers 401 TOKEN_EXPIRED for an expired access token, and user null for a forged one", async () => {
    const { client, userId } = await signedInClient(server);
    const [row] = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    const expired = signAccessToken({ sid: row!.id, uid: userId, exp: Math.floor(Date.now() / 1000) - 1 }, server.ctx.config.sessionSecret);
    client.cookies.set(ACCESS_COOKIE, expired);
    expect((await errorOf(await client.get("/api/auth/session"))).code).toBe("TOKEN_EXPIRED");
    const forged = signAccessToken({ sid: row!.id, uid: userId, exp: Math.floor(Date.now() / 1000) + 60 }, "x".repeat(40));
    const res = await fetch(`${server.url}/api/auth/session`, { headers: { authorization: `Bearer ${forged}` } });
    expect(await res.json()).toEqual({ user: null });
  });

  it("stops answering a suspended user's live session at once", async () => {
    const { client, userId } = await signedInClient(server);
    await server.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, userId));
    expect(await (await client.get("/api/auth/session")).json()).toEqual({ user: null });
    const refresh = await client.post("/api/auth/refresh", {});
    expect(refresh.status).toBe(401);
  });
});

describe("POST /api/auth/refresh (web)", () => {
  it("rotates the refresh token and renews the access token, with the same session", async () => {
    const { client } = await signedInClient(server);
    const oldRefresh = client.cookies.get(REFRESH_COOKIE)!;
    const before = (await sessionByRefresh(oldRefresh))!;

    const res = await client.post("/api/auth/refresh", {});
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBeTruthy();
    const newRefresh = client.cookies.get(REFRESH_COOKIE)!;
    expect(newRefresh).not.toBe(oldRefresh);
    expect(client.lastSetCookies.map((c) => c.name).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
    expect(client.cookies.get(ACCESS_COOKIE)).toBeTruthy();

    const after = await sessionById(before.id);
    expect(after.refreshHash).toBe(hashToken(newRefresh));
    expect(after.previousRefreshHash).toBe(hashToken(oldRefresh));
    expect(after.rotatedAt).not.toBeNull();
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + (REFRESH_TOKEN_TTL_SECONDS - 60) * 1000);
    expect((await (await client.get("/api/auth/session")).json()).user).not.toBeNull();
  });

  it("works with the refresh cookie alone, as after the access cookie lapsed", async () => {
    const { client } = await signedInClient(server);
    client.cookies.delete(ACCESS_COOKIE);
    expect((await client.post("/api/auth/refresh")).status).toBe(200);
    expect(client.cookies.get(ACCESS_COOKIE)).toBeTruthy();
    expect((await client.get("/api/auth/session")).status).toBe(200);
  });

  it("answers 401 UNAUTHENTICATED and clears the cookies without a refresh token, or with an unknown one", async () => {
    const none = await new TestClient(server.url).post("/api/auth/refresh", {});
    expect(none.status).toBe(401);
    expect((await errorOf(none)).code).toBe("UNAUTHENTICATED");

    const client = new TestClient(server.url);
    client.cookies.set(REFRESH_COOKIE, "made-up-token");
    client.cookies.set(ACCESS_COOKIE, "made-up-access");
    const res = await client.post("/api/auth/refresh", {});
    expect(res.status).toBe(401);
    expect(client.cookies.size).toBe(0);
  });

  it.each([
    ["an unknown field", { refresh: "x" }],
    ["a number token", { refresh_token: 42 }],
    ["a token of 1000 characters", { refresh_token: "x".repeat(1000) }],
  ])("refuses %s with a 400", async (_name, body) => {
    const res = await new TestClient(server.url).post("/api/auth/refresh", body);
    expect(res.status).toBe(400);
  });
});

describe("refresh reuse detection", () => {
  it(`treats the just-replaced token within ${REFRESH_REUSE_GRACE_SECONDS} s as a benign race: a new access token, no rotation`, async () => {
    const { userId } = await signUpConfirmed(server);
    const email = (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email;
    const first = await nativeSignIn(email);
    const rotated = await (await nativeRefresh(first.refresh_token)).json();
    const session = (await sessionByRefresh(rotated.refresh_token))!;

    const again = await nativeRefresh(first.refresh_token);
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toBeUndefined();
    const after = await sessionById(session.id);
    expect(after.refreshHash).toBe(hashToken(rotated.refresh_token));
    expect(after.revokedAt).toBeNull();
    expect((await nativeRefresh(rotated.refresh_token)).status).toBe(200);
  });

  it("in the grace window, a web client gets only a new access cookie; its refresh cookie is left alone", async () => {
    const { client } = await signedInClient(server);
    const original = client.cookies.get(REFRESH_COOKIE)!;
    await client.post("/api/auth/refresh", {});
    const late = new TestClient(server.url);
    late.cookies.set(REFRESH_COOKIE, original);
    const res = await late.post("/api/auth/refresh", {});
    expect(res.status).toBe(200);
    expect(late.lastSetCookies.map((c) => c.name)).toEqual([ACCESS_COOKIE]);
  });

  it("ends the whole session when a replaced token comes back after the grace window", async () => {
    const { client } = await signedInClient(server);
    const original = client.cookies.get(REFRESH_COOKIE)!;
    await client.post("/api/auth/refresh", {});
    const current = client.cookies.get(REFRESH_COOKIE)!;
    const session = (await sessionByRefresh(current))!;
    await server.ctx.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
      .where(eq(sessions.id, session.id));

    const thief = new TestClient(server.url);
    thief.cookies.set(REFRESH_COOKIE, original);
    const res = await thief.post("/api/auth/refresh", {});
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("UNAUTHENTICATED");
    expect(thief.cookies.size).toBe(0);

    const ended = await sessionById(session.id);
    expect(ended.revokedAt).not.toBeNull();
    expect(ended.revokedReason).toBe("refresh_reuse");
    // The legitimate holder is signed out too: both the access and the current refresh token stop working.
    expect(await (await client.get("/api/auth/session")).json()).toEqual({ user: null });
    expect((await client.post("/api/auth/refresh", {})).status).toBe(401);
  });

  it("lets only one of several concurrent refreshes rotate; the others get an access token without rotating", async () => {
    const { userId } = await signUpConfirmed(server);
    const email = (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email;
    const signedIn = await nativeSignIn(email);
    const session = (await sessionByRefresh(signedIn.refresh_token))!;

    const responses = await Promise.all(Array.from({ length: 6 }, () => nativeRefresh(signedIn.refresh_token)));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rotations = bodies.filter((b) => b.refresh_token);
    expect(rotations).toHaveLength(1);
    expect(bodies.every((b) => typeof b.access_token === "string")).toBe(true);

    const after = await sessionById(session.id);
    expect(after.refreshHash).toBe(hashToken(rotations[0].refresh_token));
    expect(after.previousRefreshHash).toBe(hashToken(signedIn.refresh_token));
    expect(after.revokedAt).toBeNull();
    expect(await retiredHashesOf(session.id)).toEqual([hashToken(signedIn.refresh_token)]);
  });

  it.each([2, 3])("ends the whole session when a token retired %i rotations back comes back, even within the grace window", async (rotations) => {
    const { client } = await signedInClient(server);
    const original = client.cookies.get(REFRESH_COOKIE)!;
    for (let i = 0; i < rotations; i++) expect((await client.post("/api/auth/refresh", {})).status).toBe(200);
    const session = (await sessionByRefresh(client.cookies.get(REFRESH_COOKIE)!))!;

    const thief = new TestClient(server.url);
    thief.cookies.set(REFRESH_COOKIE, original);
    const res = await thief.post("/api/auth/refresh", {});
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("UNAUTHENTICATED");

    const ended = await sessionById(session.id);
    expect(ended.revokedAt).not.toBeNull();
    expect(ended.revokedReason).toBe("refresh_reuse");
    expect(await (await client.get("/api/auth/session")).json()).toEqual({ user: null });
    expect((await client.post("/api/auth/refresh", {})).status).toBe(401);
  });

  it("cuts off a thief who rotated the stolen token twice once the real user presents it", async () => {
    const { input } = await signUpConfirmed(server);
    const stolen = (await nativeSignIn(input.email)).refresh_token;
    const once = await (await nativeRefresh(stolen)).json();
    const twice = await (await nativeRefresh(once.refresh_token)).json();
    const session = (await sessionByRefresh(twice.refresh_token))!;

    expect((await nativeRefresh(stolen)).status).toBe(401);

    expect((await sessionById(session.id)).revokedReason).toBe("refresh_reuse");
    expect((await nativeRefresh(twice.refresh_token)).status).toBe(401);
    const thiefSession = await fetch(`${server.url}/api/auth/session`, { headers: { authorization: `Bearer ${twice.access_token}` } });
    expect(await thiefSession.json()).toEqual({ user: null });
  });

  it("records each rotation's replaced token against its session, and nothing for a grace answer or an unknown token", async () => {
    const { input } = await signUpConfirmed(server);
    const tokens = [(await nativeSignIn(input.email)).refresh_token];
    for (let i = 0; i < 3; i++) tokens.push((await (await nativeRefresh(tokens.at(-1)!)).json()).refresh_token);
    const session = (await sessionByRefresh(tokens.at(-1)!))!;
    const replaced = tokens.slice(0, -1).map(hashToken).sort();
    expect(await retiredHashesOf(session.id)).toEqual(replaced);

    expect((await nativeRefresh(tokens[2]!)).status).toBe(200);
    expect((await nativeRefresh("never-issued")).status).toBe(401);
    expect(await retiredHashesOf(session.id)).toEqual(replaced);
    expect(
      await server.ctx.db
        .select()
        .from(retiredRefreshTokens)
        .where(eq(retiredRefreshTokens.hash, hashToken("never-issued"))),
    ).toEqual([]);
    expect((await sessionById(session.id)).revokedAt).toBeNull();

    await server.ctx.db.delete(sessions).where(eq(sessions.id, session.id));
    expect(await retiredHashesOf(session.id)).toEqual([]);
  });

  it("rotates only together with recording the replaced token: when the record fails, the session is left as it was", async () => {
    const { input } = await signUpConfirmed(server);
    const signedIn = await nativeSignIn(input.email);
    const session = (await sessionByRefresh(signedIn.refresh_token))!;
    // A row already holding the token's hash makes the record fail inside the rotation's statement.
    await server.ctx.db.insert(retiredRefreshTokens).values({ hash: hashToken(signedIn.refresh_token), sessionId: session.id });

    expect((await nativeRefresh(signedIn.refresh_token)).status).toBe(500);
    const after = await sessionById(session.id);
    expect(after.refreshHash).toBe(hashToken(signedIn.refresh_token));
    expect(after.previousRefreshHash).toBeNull();
    expect(after.rotatedAt).toBeNull();
  });

  it("leaves a signed-out session's reason alone when one of its retired tokens comes back", async () => {
    const { client } = await signedInClient(server);
    const original = client.cookies.get(REFRESH_COOKIE)!;
    await client.post("/api/auth/refresh", {});
    await client.post("/api/auth/refresh", {});
    const session = (await sessionByRefresh(client.cookies.get(REFRESH_COOKIE)!))!;
    await client.post("/api/auth/sign-out");

    expect((await nativeRefresh(original)).status).toBe(401);
    expect((await sessionById(session.id)).revokedReason).toBe("sign_out");
  });

  it("refuses refresh for a revoked or expired session", async () => {
    const { userId } = await signUpConfirmed(server);
    const email = (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email;
    const a = await nativeSignIn(email);
    await server.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.refreshHash, hashToken(a.refresh_token)));
    expect((await nativeRefresh(a.refresh_token)).status).toBe(401);
    const b = await nativeSignIn(email);
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.refreshHash, hashToken(b.refresh_token)));
    expect((await nativeRefresh(b.refresh_token)).status).toBe(401);
  });
});

describe("POST /api/auth/sign-out", () => {
  it("revokes the session, clears both cookies and answers 204", async () => {
    const { client } = await signedInClient(server);
    const refresh = client.cookies.get(REFRESH_COOKIE)!;
    const session = (await sessionByRefresh(refresh))!;
    const res = await client.post("/api/auth/sign-out");
    expect(res.status).toBe(204);
    const cleared = client.lastSetCookies.map((c) => c.name).sort();
    expect(cleared).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    for (const cookie of client.lastSetCookies) {
      expect(cookie.attributes).toMatchObject({ secure: true, httponly: true, path: "/" });
    }
    expect(client.cookies.size).toBe(0);
    const ended = await sessionById(session.id);
    expect(ended.revokedReason).toBe("sign_out");

    // The old cookies no longer work anywhere.
    const replay = new TestClient(server.url);
    replay.cookies.set(REFRESH_COOKIE, refresh);
    expect((await replay.post("/api/auth/refresh", {})).status).toBe(401);
  });

  it("works with a lapsed access token, and signs out a native client by its refresh token", async () => {
    const { client, userId } = await signedInClient(server);
    const session = (await sessionByRefresh(client.cookies.get(REFRESH_COOKIE)!))!;
    const lapsed = signAccessToken({ sid: session.id, uid: userId, exp: 1 }, server.ctx.config.sessionSecret);
    const res = await fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: { authorization: `Bearer ${lapsed}` } });
    expect(res.status).toBe(204);
    expect((await sessionById(session.id)).revokedAt).not.toBeNull();

    const email = (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email;
    const native = await nativeSignIn(email);
    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: native.refresh_token }),
    });
    expect(out.status).toBe(204);
    expect((await sessionByRefresh(native.refresh_token))!.revokedReason).toBe("sign_out");
  });

  it("signs out a native client that kept a refresh token two rotations old", async () => {
    const { input } = await signUpConfirmed(server);
    const first = await nativeSignIn(input.email);
    const second = (await (await nativeRefresh(first.refresh_token)).json()) as { refresh_token: string };
    const third = (await (await nativeRefresh(second.refresh_token)).json()) as { refresh_token: string };
    const session = (await sessionByRefresh(third.refresh_token))!;

    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: first.refresh_token }),
    });
    expect(out.status).toBe(204);
    const ended = await sessionById(session.id);
    expect(ended.revokedReason).toBe("sign_out");
    expect((await nativeRefresh(third.refresh_token)).status).toBe(401);
  });

  it("leaves every session alone for a refresh token nobody was ever given", async () => {
    const { input } = await signUpConfirmed(server);
    const native = await nativeSignIn(input.email);
    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: "not-a-token-we-issued" }),
    });
    expect(out.status).toBe(204);
    expect((await sessionByRefresh(native.refresh_token))!.revokedAt).toBeNull();
  });

  it("ends only the caller's session, not the user's other devices", async () => {
    const { client, input } = await signedInClient(server);
    const phone = new TestClient(server.url);
    await phone.post("/api/auth/sign-in", { email: input.email, password: input.password });
    await client.post("/api/auth/sign-out");
    expect((await (await phone.get("/api/auth/session")).json()).user).not.toBeNull();
  });

  it("answers 204 when nobody is signed in", async () => {
    expect((await new TestClient(server.url).post("/api/auth/sign-out")).status).toBe(204);
  });
});

describe("session cookies", () => {
  it("are __Host- cookies: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain, with the documented lifetimes", async () => {
    const { client } = await signedInClient(server);
    const res = await client.post("/api/auth/refresh", {});
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(client.lastSetCookies.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(["__Host-p2p_at", "__Host-p2p_rt"]);
    for (const cookie of Object.values(byName)) {
      expect(cookie.name.startsWith("__Host-")).toBe(true);
      expect(cookie.attributes.httponly).toBe(true);
      expect(cookie.attributes.secure).toBe(true);
      expect(cookie.attributes.samesite).toBe("Lax");
      expect(cookie.attributes.path).toBe("/");
      expect(cookie.attributes.domain).toBeUndefined();
    }
    expect(byName[ACCESS_COOKIE]!.attributes["max-age"]).toBe(String(ACCESS_TOKEN_TTL_SECONDS));
    expect(byName[REFRESH_COOKIE]!.attributes["max-age"]).toBe(String(REFRESH_TOKEN_TTL_SECONDS));
  });
});

describe("cross-site requests", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin: null", { origin: "null" }],
  ])("are refused with 403 CROSS_SITE_REQUEST when they carry %s", async (_name, headers) => {
    const { input, userId } = await signUpConfirmed(server);
    const before = (await server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const res = await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: input.password }, headers);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "CROSS_SITE_REQUEST", message: "Cross-site requests are not allowed." });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(before);
  });

  it("cannot sign a victim out or change their profile", async () => {
    const { client } = await signedInClient(server);
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };
    expect((await client.post("/api/auth/sign-out", undefined, crossSite)).status).toBe(403);
    expect((await client.patch("/api/profile", { username: "hijacked_name", phone_number: "+2348099999999" }, crossSite)).status).toBe(403);
    const me = (await (await client.get("/api/auth/session")).json()).user;
    expect(me).not.toBeNull();
    expect(me.username).not.toBe("hijacked_name");
  });

  it("lets same-origin and same-site requests through", async () => {
    const { input } = await signUpConfirmed(server);
    const res = await new TestClient(server.url).post(
      "/api/auth/sign-in",
      { email: input.email, password: input.password },
      { origin: server.url, "sec-fetch-site": "same-origin" },
    );
    expect(res.status).toBe(200);
  });
});
