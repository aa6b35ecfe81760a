import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "@p2p/shared";
import { authTokens, jobs, sessions, signInFailures, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, linkTokenFromMail, newSignUp, signedInClient, signUpConfirmed } from "../../test/accounts.js";
import { hashToken } from "./tokens.js";

let server: TestServer;
let anon: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  anon = new TestClient(server.url);
});
afterAll(() => server.stop());

const NEW_PASSWORD = "Brand-New-Passphrase-77";
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const userRow = async (id: string) => (await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

async function resetTokenFor(email: string): Promise<string> {
  expect((await anon.post("/api/auth/forgot-password", { email })).status).toBe(200);
  return linkTokenFromMail(server, email, /reset-password\?token=/);
}

describe("POST /api/auth/forgot-password", () => {
  it("mails a one-hour reset link to the web page, storing only the token's hash", async () => {
    const { input, userId } = await signUpConfirmed(server);
    const res = await anon.post("/api/auth/forgot-password", { email: input.email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MESSAGES.resetSentBody });
    const token = await linkTokenFromMail(server, input.email, /reset-password\?token=/);
    expect(server.mail.at(-1)!.text).toContain(`${server.url}/reset-password?token=`);
    const [row] = await server.ctx.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "reset_password")));
    expect(row!.tokenHash).toBe(hashToken(token));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("answers identically for an unknown email, doing the same work (one queued job), and mails nothing", async () => {
    const { input } = await signUpConfirmed(server);
    await server.ctx.jobs.runDue();
    const mails = server.mail.length;
    const jobsBefore = (await server.ctx.db.select().from(jobs)).length;
    const known = await anon.post("/api/auth/forgot-password", { email: input.email });
    const jobsAfterKnown = (await server.ctx.db.select().from(jobs)).length;
    const unknown = await anon.post("/api/auth/forgot-password", { email: "stranger@example.test" });
    const jobsAfterUnknown = (await server.ctx.db.select().from(jobs)).length;
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(jobsAfterKnown - jobsBefore).toBe(1);
    expect(jobsAfterUnknown - jobsAfterKnown).toBe(1);
    await server.ctx.jobs.runDue();
    expect(server.mail.slice(mails).map((m) => m.to)).toEqual([input.email]);
  });

  it("mails nothing to a suspended account, and at most 5 links per hour to any account", async () => {
    const suspended = await signUpConfirmed(server);
    await server.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    await anon.post("/api/auth/forgot-password", { email: suspended.input.email });
    const busy = await signUpConfirmed(server);
    for (let i = 0; i < 7; i++) await anon.post("/api/auth/forgot-password", { email: busy.input.email });
    await server.ctx.jobs.runDue();
    expect(server.mail.filter((m) => m.to === suspended.input.email && /reset/i.test(m.subject))).toHaveLength(0);
    expect(server.mail.filter((m) => m.to === busy.input.email && /reset/i.test(m.subject))).toHaveLength(5);
  });

  it.each([
    ["an empty email", { email: "" }],
    ["no email", {}],
    ["a malformed email", { email: "me@" }],
    ["an unknown field", { email: "a@example.test", redirect: "https://evil.example" }],
  ])("refuses %s with a 400 and queues nothing", async (_name, body) => {
    const before = (await server.ctx.db.select().from(jobs)).length;
    const res = await anon.post("/api/auth/forgot-password", body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("VALIDATION_FAILED");
    expect(await server.ctx.db.select().from(jobs)).toHaveLength(before);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, ends every session of the user, and marks the token used", async () => {
    const { client: laptop, input, userId } = await signedInClient(server);
    const phone = new TestClient(server.url);
    await phone.post("/api/auth/sign-in", { email: input.email, password: input.password });
    const token = await resetTokenFor(input.email);

    const res = await anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(/password has been reset/);

    const live = await server.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    const ended = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(ended.map((s) => s.revokedReason)).toEqual(["password_reset", "password_reset"]);
    for (const device of [laptop, phone]) {
      expect(await (await device.get("/api/auth/session")).json()).toEqual({ user: null });
      expect((await device.post("/api/auth/refresh", {})).status).toBe(401);
    }

    const user = await userRow(userId);
    expect(user.passwordChangedAt).toBeInstanceOf(Date);
    expect(Date.now() - user.passwordChangedAt!.getTime()).toBeLessThan(60_000);
    const old = await anon.post("/api/auth/sign-in", { email: input.email, password: GOOD_PASSWORD });
    expect((await errorOf(old)).code).toBe("INVALID_CREDENTIALS");
    expect((await anon.post("/api/auth/sign-in", { email: input.email, password: NEW_PASSWORD })).status).toBe(200);

    const reuse = await anon.post("/api/auth/reset-password", { token, password: "Yet-Another-Phrase-88" });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).code).toBe("INVALID_TOKEN");

    await server.ctx.jobs.runDue();
    expect(server.mail.some((m) => m.to === input.email && /password was changed/.test(m.subject))).toBe(true);
  });

  it("also clears the account's failed sign-ins and confirms an unconfirmed email (the link proves the address)", async () => {
    const input = newSignUp();
    await anon.post("/api/auth/sign-up", input);
    const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    await server.ctx.db.insert(signInFailures).values(Array.from({ length: 100 }, () => ({ userId: user!.id })));
    const token = await resetTokenFor(input.email);
    expect((await anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await userRow(user!.id)).emailConfirmedAt).toBeInstanceOf(Date);
    expect((await anon.post("/api/auth/sign-in", { email: input.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("leaves other reset links of the user unusable once one is used", async () => {
    const { input } = await signUpConfirmed(server);
    const first = await resetTokenFor(input.email);
    const second = await resetTokenFor(input.email);
    expect((await anon.post("/api/auth/reset-password", { token: second, password: NEW_PASSWORD })).status).toBe(200);
    expect((await anon.post("/api/auth/reset-password", { token: first, password: "Other-Phrase-Here-5" })).status).toBe(400);
  });

  describe("refuses, changing nothing", () => {
    async function unchanged(userId: string, run: () => Promise<Response>, code: string) {
      const before = await userRow(userId);
      const liveBefore = await server.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      const res = await run();
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe(code);
      const after = await userRow(userId);
      expect(after.passwordHash).toBe(before.passwordHash);
      expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
      const liveAfter = await server.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      expect(liveAfter).toHaveLength(liveBefore.length);
    }

    it("an unknown token", async () => {
      const { userId } = await signedInClient(server);
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token: "made-up", password: NEW_PASSWORD }), "INVALID_TOKEN");
    });

    it("an expired token", async () => {
      const { input, userId } = await signedInClient(server);
      const token = await resetTokenFor(input.email);
      await server.ctx.db
        .update(authTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(authTokens.tokenHash, hashToken(token)));
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD }), "INVALID_TOKEN");
    });

    it("a confirmation token", async () => {
      const input = newSignUp();
      await anon.post("/api/auth/sign-up", input);
      const token = await linkTokenFromMail(server, input.email, /confirm\?token=/);
      const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
      await unchanged(user!.id, () => anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD }), "INVALID_TOKEN");
    });

    it("a common password, keeping the token usable", async () => {
      const { input, userId } = await signedInClient(server);
      const token = await resetTokenFor(input.email);
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token, password: "Password123" }), "PASSWORD_TOO_COMMON");
      expect((await anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it("a short password, and malformed bodies", async () => {
      const { input, userId } = await signedInClient(server);
      const token = await resetTokenFor(input.email);
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token, password: "short" }), "VALIDATION_FAILED");
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token }), "VALIDATION_FAILED");
      await unchanged(userId, () => anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD, user_id: userId }), "VALIDATION_FAILED");
    });
  });
});
