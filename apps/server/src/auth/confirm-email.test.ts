import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { authTokens, jobs, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { linkTokenFromMail, newSignUp, signUpConfirmed } from "../../test/accounts.js";
import { hashToken } from "./tokens.js";

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(() => server.stop());

const INVALID_LINK = `/auth?error=${encodeURIComponent("This confirmation link is invalid or has expired. Sign in to request a new one.")}`;

async function signUp() {
  const input = newSignUp();
  expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
  const token = await linkTokenFromMail(server, input.email, /confirm\?token=/);
  const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
  return { input, token, userId: user!.id };
}
const confirmedAt = async (userId: string) => (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.emailConfirmedAt;
const mailsTo = (email: string) => server.mail.filter((m) => m.to === email);

describe("GET /api/auth/confirm", () => {
  it("confirms the email, uses the token up and redirects to /?confirmed=1; sign-in then works", async () => {
    const { input, token, userId } = await signUp();
    const res = await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?confirmed=1");
    expect(await confirmedAt(userId)).toBeInstanceOf(Date);
    const [row] = await server.ctx.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(row!.usedAt).toBeInstanceOf(Date);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: input.password });
    expect(signIn.status).toBe(200);
  });

  it("still lands on the success page when the used link is opened again", async () => {
    const { token } = await signUp();
    await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
    const again = await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
    expect(again.headers.get("location")).toBe("/?confirmed=1");
  });

  it.each([
    ["an unknown token", "?token=not-a-real-token"],
    ["no token", ""],
    ["an empty token", "?token="],
    ["a token of 500 characters", `?token=${"a".repeat(500)}`],
    ["two tokens", "?token=a&token=b"],
  ])("redirects %s to /auth with the error", async (_name, query) => {
    const res = await client.get(`/api/auth/confirm${query}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(INVALID_LINK);
  });

  it("refuses an expired token and leaves the account unconfirmed", async () => {
    const { token, userId } = await signUp();
    await server.ctx.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const res = await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
    expect(res.headers.get("location")).toBe(INVALID_LINK);
    expect(await confirmedAt(userId)).toBeNull();
  });

  it("does not accept a password-reset token as a confirmation token", async () => {
    const { input, userId } = await signUp();
    await client.post("/api/auth/forgot-password", { email: input.email });
    const resetToken = await linkTokenFromMail(server, input.email, /reset-password\?token=/);
    const res = await client.get(`/api/auth/confirm?token=${encodeURIComponent(resetToken)}`);
    expect(res.headers.get("location")).toBe(INVALID_LINK);
    expect(await confirmedAt(userId)).toBeNull();
  });
});

describe("POST /api/auth/resend-confirmation", () => {
  const MESSAGE = "If that email is registered and not yet confirmed, we sent a new confirmation link.";

  it("mails a new working link to an unconfirmed account", async () => {
    const { input, userId } = await signUp();
    const res = await client.post("/api/auth/resend-confirmation", { email: input.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MESSAGE });
    const before = mailsTo(input.email).length;
    const token = await linkTokenFromMail(server, input.email, /confirm\?token=/);
    expect(mailsTo(input.email)).toHaveLength(before + 1);
    expect((await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`)).headers.get("location")).toBe("/?confirmed=1");
    expect(await confirmedAt(userId)).toBeInstanceOf(Date);
  });

  it("answers the same, with the same work done, for confirmed and unknown emails, and mails nothing", async () => {
    const confirmed = await signUpConfirmed(server);
    await server.ctx.jobs.runDue();
    const mailsBefore = server.mail.length;
    const jobsBefore = (await server.ctx.db.select().from(jobs)).length;
    const a = await client.post("/api/auth/resend-confirmation", { email: confirmed.input.email });
    const b = await client.post("/api/auth/resend-confirmation", { email: "nobody@example.test" });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    // Each request queued exactly one job, whatever the email.
    expect(await server.ctx.db.select().from(jobs)).toHaveLength(jobsBefore + 2);
    await server.ctx.jobs.runDue();
    expect(server.mail).toHaveLength(mailsBefore);
  });

  it("mails at most 5 links per account per hour", async () => {
    const { input, userId } = await signUp();
    for (let i = 0; i < 7; i++) await client.post("/api/auth/resend-confirmation", { email: input.email });
    await server.ctx.jobs.runDue();
    expect(mailsTo(input.email)).toHaveLength(5);
    const tokens = await server.ctx.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "confirm_email")));
    expect(tokens).toHaveLength(5);
  });

  it("refuses a malformed email with a 400", async () => {
    const res = await client.post("/api/auth/resend-confirmation", { email: "nope" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("VALIDATION_FAILED");
  });
});
