import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import { sessionListResponse } from "@p2p/shared";
import { sessions, signInFailures, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, signedInClient, signUpConfirmed } from "../../test/accounts.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const NEW_PASSWORD = "Purple-Giraffe-Lantern-41";
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const liveSessions = async (userId: string) =>
  (
    await server.ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  )[0]!.n;
const passwordHashOf = async (userId: string) =>
  (await server.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.h;

async function nativeSignIn(email: string, password = GOOD_PASSWORD) {
  const res = await fetch(`${server.url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "NaijaP2P/1.0 (Linux; Android 14)" },
    body: JSON.stringify({ email, password, client: "native" }),
  });
  return { res, body: (await res.json()) as { access_token: string; refresh_token: string } };
}
const nativeRefresh = (refresh_token: string) =>
  fetch(`${server.url}/api/auth/refresh`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refresh_token }),
  });
const signInWeb = (email: string, password: string) => new TestClient(server.url).post("/api/auth/sign-in", { email, password });

describe("POST /api/auth/password", () => {
  it("answers 401 when signed out, writing nothing", async () => {
    const res = await new TestClient(server.url).post("/api/auth/password", {
      current_password: GOOD_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const { client, userId } = await signedInClient(server);
    const before = await passwordHashOf(userId);
    for (const body of [
      { current_password: GOOD_PASSWORD, new_password: "short" },
      { current_password: GOOD_PASSWORD, new_password: "x".repeat(200) },
      { current_password: GOOD_PASSWORD },
      { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, extra: 1 },
      "not json",
    ]) {
      const res = await client.post("/api/auth/password", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const tooShort = await errorOf(await client.post("/api/auth/password", { current_password: GOOD_PASSWORD, new_password: "short" }));
    expect(tooShort.message).toContain("Password must be at least 8 characters long");
    const common = await client.post("/api/auth/password", { current_password: GOOD_PASSWORD, new_password: "password123" });
    expect(common.status).toBe(400);
    expect((await errorOf(common)).code).toBe("PASSWORD_TOO_COMMON");
    const same = await client.post("/api/auth/password", { current_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD });
    expect(same.status).toBe(400);
    const missing = await client.post("/api/auth/password", { new_password: NEW_PASSWORD });
    expect((await errorOf(missing)).fields).toEqual({ current_password: "Enter your current password" });
    expect(await passwordHashOf(userId)).toBe(before);
  });

  it("refuses a wrong current password, counting it as a failed sign-in, and changes nothing", async () => {
    const { client, userId } = await signedInClient(server);
    const other = await nativeSignIn((await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email);
    const before = await passwordHashOf(userId);
    const res = await client.post("/api/auth/password", { current_password: "Wrong-Password-123", new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("WRONG_PASSWORD");
    expect(error.fields).toEqual({ current_password: "Your current password is incorrect" });
    expect(await passwordHashOf(userId)).toBe(before);
    expect((await nativeRefresh(other.body.refresh_token)).status).toBe(200);
    const [failures] = await server.ctx.db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.userId, userId));
    expect(failures!.n).toBe(1);
  });

  it("changes it: this session stays, every other session (and its refresh token) ends at once, a mail is sent", async () => {
    const { client, userId, input } = await signedInClient(server);
    const phone = await nativeSignIn(input.email);
    const laptop = new TestClient(server.url);
    expect((await laptop.post("/api/auth/sign-in", { email: input.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect(await liveSessions(userId)).toBe(3);

    const res = await client.post("/api/auth/password", { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Your password was changed. Every other device was signed out.");

    expect(await liveSessions(userId)).toBe(1);
    expect((await client.get("/api/auth/session").then((r) => r.json())).user.id).toBe(userId);
    // The phone's next request with its still-signed access token, and both refreshes, say why.
    const changed = "Your password was changed, so you were signed out. Sign in with the new password.";
    const phoneCall = await fetch(`${server.url}/api/auth/sessions`, { headers: { authorization: `Bearer ${phone.body.access_token}` } });
    expect(phoneCall.status).toBe(401);
    expect(await errorOf(phoneCall)).toMatchObject({ code: "UNAUTHENTICATED", message: changed });
    const phoneRefresh = await nativeRefresh(phone.body.refresh_token);
    expect(phoneRefresh.status).toBe(401);
    expect((await errorOf(phoneRefresh)).message).toBe(changed);
    const laptopRefresh = await laptop.post("/api/auth/refresh", {});
    expect(laptopRefresh.status).toBe(401);
    expect((await errorOf(laptopRefresh)).message).toBe(changed);
    expect((await laptop.get("/api/auth/session").then((r) => r.json())).user).toBeNull();

    expect((await signInWeb(input.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signInWeb(input.email, NEW_PASSWORD)).status).toBe(200);

    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row!.passwordChangedAt).not.toBeNull();
    await server.ctx.jobs.runDue();
    const mail = server.mail.filter((m) => m.to === input.email && /password was changed/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Every other device was signed out.");
  });

  it("lets a Google-only account (no password) set one without a current password", async () => {
    const { client, userId, input } = await signedInClient(server);
    await server.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
    const status = await client.get("/api/auth/security").then((r) => r.json());
    expect(status).toEqual({ has_password: false, two_factor_enabled: false, recovery_codes_left: 0 });
    const res = await client.post("/api/auth/password", { new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Your password was set. Every other device was signed out.");
    expect((await signInWeb(input.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("active sessions", () => {
  it("answer 401 when signed out", async () => {
    const anon = new TestClient(server.url);
    expect((await anon.get("/api/auth/sessions")).status).toBe(401);
    expect((await anon.post("/api/auth/sessions/sign-out-others", {})).status).toBe(401);
    expect((await anon.request("/api/auth/sessions/00000000-0000-4000-8000-000000000000", { method: "DELETE" })).status).toBe(401);
  });

  it("lists the caller's live sessions with device, IP, times and which one is this device", async () => {
    const { client, input, userId } = await signedInClient(server);
    await nativeSignIn(input.email);
    await signedInClient(server); // someone else's session is not listed
    const res = await client.get("/api/auth/sessions");
    expect(res.status).toBe(200);
    const { sessions: list } = sessionListResponse.parse(await res.json());
    expect(list).toHaveLength(2);
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(new Set(list.map((s) => s.id))).toEqual(new Set(rows.map((r) => r.id)));
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phone = list.find((s) => s.client === "native")!;
    expect(phone.device).toBe("Mobile app on Android");
    expect(phone.ip).toBeTruthy();
    expect(Date.parse(phone.created_at)).not.toBeNaN();
    expect(Date.parse(phone.last_used_at)).not.toBeNaN();
  });

  it("moves a session's 'last used' when it is used, at most once every 5 minutes", async () => {
    const { client, userId } = await signedInClient(server);
    const lastSeen = async () => (await server.ctx.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, userId)))[0]!.at;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await server.ctx.db.update(sessions).set({ lastSeenAt: hourAgo }).where(eq(sessions.userId, userId));
    expect((await client.get("/api/wallet")).status).toBe(200);
    const moved = await lastSeen();
    expect(Date.now() - moved.getTime()).toBeLessThan(60_000);
    const listed = sessionListResponse.parse(await client.get("/api/auth/sessions").then((r) => r.json()));
    expect(Date.parse(listed.sessions[0]!.last_used_at)).toBe(moved.getTime());

    const fourMinutesAgo = new Date(Date.now() - 4 * 60_000);
    await server.ctx.db.update(sessions).set({ lastSeenAt: fourMinutesAgo }).where(eq(sessions.userId, userId));
    expect((await client.get("/api/wallet")).status).toBe(200);
    expect((await lastSeen()).getTime()).toBe(fourMinutesAgo.getTime());
  });

  it("signs out one session by id: its refresh token stops working; another user's session id is 404", async () => {
    const { client, input } = await signedInClient(server);
    const phone = await nativeSignIn(input.email);
    const stranger = await signedInClient(server);
    const strangerList = sessionListResponse.parse(await stranger.client.get("/api/auth/sessions").then((r) => r.json()));
    const strangerSession = strangerList.sessions[0]!.id;

    const foreign = await client.request(`/api/auth/sessions/${strangerSession}`, { method: "DELETE" });
    expect(foreign.status).toBe(404);
    expect((await stranger.client.get("/api/auth/session").then((r) => r.json())).user).not.toBeNull();
    expect((await client.request("/api/auth/sessions/not-a-uuid", { method: "DELETE" })).status).toBe(400);

    const list = sessionListResponse.parse(await client.get("/api/auth/sessions").then((r) => r.json()));
    const phoneSession = list.sessions.find((s) => s.client === "native")!;
    const res = await client.request(`/api/auth/sessions/${phoneSession.id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect((await nativeRefresh(phone.body.refresh_token)).status).toBe(401);
    const again = await client.request(`/api/auth/sessions/${phoneSession.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect((await client.get("/api/auth/session").then((r) => r.json())).user).not.toBeNull();
  });

  it("signs out every other session and keeps this one", async () => {
    const { client, input, userId } = await signedInClient(server);
    const a = await nativeSignIn(input.email);
    const b = await nativeSignIn(input.email);
    const stranger = await signUpConfirmed(server);
    const strangerPhone = await nativeSignIn(stranger.input.email);
    const res = await client.post("/api/auth/sessions/sign-out-others", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signed_out: 2 });
    expect(await liveSessions(userId)).toBe(1);
    const refreshA = await nativeRefresh(a.body.refresh_token);
    expect(refreshA.status).toBe(401);
    expect((await errorOf(refreshA)).message).toBe("You were signed out from another device. Sign in again to continue.");
    expect((await nativeRefresh(b.body.refresh_token)).status).toBe(401);
    expect((await nativeRefresh(strangerPhone.body.refresh_token)).status).toBe(200);
    expect((await client.get("/api/auth/session").then((r) => r.json())).user.id).toBe(userId);
  });
});
