import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { sessions, twoFactorSecrets } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, linkTokenFromMail, signUpConfirmed } from "../../test/accounts.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { fund } from "../../test/trading-fixtures.js";
import { ACCESS_COOKIE } from "./cookies.js";
import { totpCode } from "./totp.js";

/*
 * Issue #17, finding 2: with a stolen session alone a thief turned two-factor on, took the
 * recovery codes and signed the owner's other devices out; the owner stayed locked out even after
 * a password reset. Security changes now need the current password (or a sign-in within the last
 * 5 minutes), the owner is mailed for each, and a reset by mail removes two-factor turned on in
 * the last 72 hours.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const NEW_PASSWORD = "Brand-New-Passphrase-77";
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; fields?: Record<string, string> } }).error;

async function signedIn(email: string, password = GOOD_PASSWORD, userAgent = "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0") {
  const client = new TestClient(server.url);
  const res = await client.request("/api/auth/sign-in", { method: "POST", body: { email, password }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return client;
}

/** The owner on two devices, both signed in more than 5 minutes ago; the thief holds the second device's session. */
async function ownerWithStolenSession() {
  const owner = await signUpConfirmed(server);
  const phone = await signedIn(owner.input.email);
  const stolen = await signedIn(owner.input.email);
  await server.ctx.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '10 minutes'` })
    .where(eq(sessions.userId, owner.userId));
  return { ...owner, phone, stolen };
}

async function mailsTo(email: string, pattern: RegExp): Promise<number> {
  await server.ctx.jobs.runDue();
  return server.mail.filter((m) => m.to === email && pattern.test(m.text)).length;
}

const twoFactorRow = async (userId: string) => (await server.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)))[0];

describe("a stolen session alone", () => {
  it("cannot turn two-factor on, nor sign the owner's other devices out; nothing changes", async () => {
    const { userId, phone, stolen } = await ownerWithStolenSession();
    const { secret } = (await (await stolen.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };

    const enable = await stolen.post("/api/auth/two-factor/enable", { code: totpCode(secret) });
    expect(enable.status).toBe(400);
    expect(await errorOf(enable)).toMatchObject({ code: "VALIDATION_FAILED", fields: { password: expect.any(String) } });
    const guessed = await stolen.post("/api/auth/two-factor/enable", { code: totpCode(secret), password: "Guess-Password-1" });
    expect((await errorOf(guessed)).code).toBe("WRONG_PASSWORD");
    expect((await twoFactorRow(userId))?.enabledAt ?? null).toBeNull();

    const signOut = await stolen.post("/api/auth/sessions/sign-out-others", {});
    expect(signOut.status).toBe(400);
    expect((await errorOf(signOut)).code).toBe("VALIDATION_FAILED");
    expect((await phone.get("/api/auth/session")).status).toBe(200);
    expect(((await (await phone.get("/api/auth/session")).json()) as { user: { id: string } | null }).user?.id).toBe(userId);
  });

  it("cannot renew the recovery codes without the password", async () => {
    const { input, stolen } = await ownerWithStolenSession();
    const { secret } = (await (await stolen.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await stolen.post("/api/auth/two-factor/enable", { code: totpCode(secret), password: input.password })).status).toBe(200);
    const renew = await stolen.post("/api/auth/two-factor/recovery-codes", { code: totpCode(secret, Date.now() + 30_000) });
    expect(renew.status).toBe(400);
    expect((await errorOf(renew)).code).toBe("VALIDATION_FAILED");
  });
});

describe("signing out one other device", () => {
  it("a stolen session alone cannot sign one of the owner's other devices out; with the password it can, and the owner is mailed", async () => {
    const { userId, input, phone, stolen } = await ownerWithStolenSession();
    const { sessions: phoneView } = (await (await phone.get("/api/auth/sessions")).json()) as { sessions: { id: string; current: boolean }[] };
    const phoneSession = phoneView.find((s) => s.current)!.id;
    const signOutPhone = (body?: unknown) => stolen.request(`/api/auth/sessions/${phoneSession}`, { method: "DELETE", body });
    const phoneUser = async () => ((await (await phone.get("/api/auth/session")).json()) as { user: { id: string } | null }).user?.id ?? null;

    const bare = await signOutPhone();
    expect(bare.status).toBe(400);
    expect(await errorOf(bare)).toMatchObject({ code: "VALIDATION_FAILED", fields: { password: expect.any(String) } });
    const guessed = await signOutPhone({ password: "Guess-Password-1" });
    expect(guessed.status).toBe(400);
    expect(await errorOf(guessed)).toMatchObject({ code: "WRONG_PASSWORD", fields: { password: expect.any(String) } });
    expect(await phoneUser()).toBe(userId);
    expect(await mailsTo(input.email, /A device was signed out of your/)).toBe(0);

    expect((await signOutPhone({ password: GOOD_PASSWORD })).status).toBe(204);
    expect(await phoneUser()).toBeNull();
    expect(((await (await stolen.get("/api/auth/session")).json()) as { user: { id: string } | null }).user?.id).toBe(userId);
    expect(await mailsTo(input.email, /A device was signed out of your/)).toBe(1);
  });
});

describe("security changes with the password", () => {
  it("go through, and the owner is mailed for each", async () => {
    const { input, phone, stolen: laptop } = await ownerWithStolenSession();
    const email = input.email;
    const { secret } = (await (await laptop.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await laptop.post("/api/auth/two-factor/enable", { code: totpCode(secret), password: GOOD_PASSWORD })).status).toBe(200);
    expect(await mailsTo(email, /Two-factor authentication was turned on/)).toBe(1);

    const renew = await laptop.post("/api/auth/two-factor/recovery-codes", { code: totpCode(secret, Date.now() + 30_000), password: GOOD_PASSWORD });
    expect(renew.status).toBe(200);
    expect(await mailsTo(email, /New two-factor recovery codes were made/)).toBe(1);

    expect((await laptop.post("/api/auth/sessions/sign-out-others", { password: GOOD_PASSWORD })).status).toBe(200);
    expect(((await (await phone.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
    expect(await mailsTo(email, /Every other device was signed out of your/)).toBe(1);

    const { recovery_codes } = (await renew.json()) as { recovery_codes: string[] };
    const disable = await laptop.post("/api/auth/two-factor/disable", { code: recovery_codes[0], password: GOOD_PASSWORD });
    expect(disable.status).toBe(204);
    expect(await mailsTo(email, /Two-factor authentication was turned off/)).toBe(1);
  });

  it("need no password within 5 minutes of signing in", async () => {
    const owner = await signUpConfirmed(server);
    const fresh = await signedIn(owner.input.email);
    const { secret } = (await (await fresh.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await fresh.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
  });
});

describe("the owner is mailed", () => {
  it("for a sign-in from a new device, not for one from a device already used", async () => {
    const owner = await signUpConfirmed(server);
    const pattern = /signed in to from a new device: Safari on iPhone/;
    await signedIn(owner.input.email);
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1";
    await signedIn(owner.input.email, GOOD_PASSWORD, iphone);
    expect(await mailsTo(owner.input.email, pattern)).toBe(1);
    await signedIn(owner.input.email, GOOD_PASSWORD, iphone);
    expect(await mailsTo(owner.input.email, pattern)).toBe(1);
  });

  it("for every withdrawal request", async () => {
    const admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
    const owner = await signUpConfirmed(server);
    const client = await signedIn(owner.input.email);
    await fund(server.ctx.db, admin, { id: owner.userId } as TestUser, "PI", "20");
    const withdrawal = { coin: "PI", network: "Pi", amount: "5", address: "0xdestination0003" };
    expect((await client.post("/api/wallet/withdrawals", withdrawal)).status).toBe(201);
    expect((await client.post("/api/wallet/withdrawals", withdrawal)).status).toBe(201);
    expect(await mailsTo(owner.input.email, /A withdrawal of 5(\.0+)? PI to 0xdestination0003 was requested/)).toBe(2);
  });
});

describe("recovering an account whose two-factor a thief turned on", () => {
  it("a reset by mail removes two-factor turned on in the last 72 hours and signs every device out; the owner signs in with the new password alone", async () => {
    const owner = await signUpConfirmed(server);
    // The thief stole a session minutes after the owner signed in, and used the 5 minutes.
    const thief = await signedIn(owner.input.email);
    const { secret } = (await (await thief.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await thief.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
    const locked = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD });
    expect((await locked.json()).two_factor).toBeDefined();

    const anon = new TestClient(server.url);
    expect((await anon.post("/api/auth/forgot-password", { email: owner.input.email })).status).toBe(200);
    const token = await linkTokenFromMail(server, owner.input.email, /reset-password\?token=/);
    expect((await anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await mailsTo(owner.input.email, /turned on in the last 72 hours, was removed with the reset/)).toBe(1);

    expect(((await (await thief.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
    const back = new TestClient(server.url);
    const signIn = await back.post("/api/auth/sign-in", { email: owner.input.email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: { id: string } }).user.id).toBe(owner.userId);
    expect(back.cookies.has(ACCESS_COOKIE)).toBe(true);
    expect(await twoFactorRow(owner.userId)).toBeUndefined();
  });

  it("keeps a second factor older than 72 hours: the owner's own", async () => {
    const owner = await signUpConfirmed(server);
    const client = await signedIn(owner.input.email);
    const { secret } = (await (await client.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await client.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
    await server.ctx.db
      .update(twoFactorSecrets)
      .set({ enabledAt: sql`now() - interval '73 hours'` })
      .where(eq(twoFactorSecrets.userId, owner.userId));

    const anon = new TestClient(server.url);
    await anon.post("/api/auth/forgot-password", { email: owner.input.email });
    const token = await linkTokenFromMail(server, owner.input.email, /reset-password\?token=/);
    expect((await anon.post("/api/auth/reset-password", { token, password: NEW_PASSWORD })).status).toBe(200);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: NEW_PASSWORD });
    expect((await signIn.json()).two_factor).toBeDefined();
  });
});
