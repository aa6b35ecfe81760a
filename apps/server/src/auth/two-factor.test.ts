import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { meSchema } from "@p2p/shared";
import { sessions, signInChallenges, signInFailures, twoFactorRecoveryCodes, twoFactorSecrets, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, signedInClient } from "../../test/accounts.js";
import { ACCESS_COOKIE } from "./cookies.js";
import { totpCode } from "./totp.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const STEP = 30_000;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const countOf = async (table: typeof sessions | typeof signInFailures, userId: string) =>
  (await server.ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
/** A code of a later step than any used so far (the server takes one step either side of now). */
const nextCode = (secret: string) => totpCode(secret, Date.now() + STEP);
/** A well-formed code that no step around now gives. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((d) => totpCode(secret, Date.now() + d * STEP)));
  return ["000000", "111111", "222222", "333333", "444444"].find((c) => !valid.has(c))!;
}

/** A signed-in account with two-factor on; answers its secret and recovery codes. */
async function enrolled() {
  const account = await signedInClient(server);
  const setup = await account.client.post("/api/auth/two-factor/setup", {});
  expect(setup.status).toBe(200);
  const { secret, otpauth_uri } = (await setup.json()) as { secret: string; otpauth_uri: string };
  const enable = await account.client.post("/api/auth/two-factor/enable", { code: totpCode(secret) });
  expect(enable.status).toBe(200);
  const { recovery_codes } = (await enable.json()) as { recovery_codes: string[] };
  return { ...account, secret, otpauth_uri, recoveryCodes: recovery_codes };
}

async function passwordStep(email: string, client = new TestClient(server.url), extra: Record<string, unknown> = {}) {
  const res = await client.post("/api/auth/sign-in", { email, password: GOOD_PASSWORD, ...extra });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: null; two_factor: { challenge_token: string; expires_in: number } };
  return { client, body, challenge: body.two_factor.challenge_token };
}

describe("two-factor enrolment", () => {
  it("answers 401 when signed out", async () => {
    const anon = new TestClient(server.url);
    expect((await anon.get("/api/auth/security")).status).toBe(401);
    expect((await anon.post("/api/auth/two-factor/setup", {})).status).toBe(401);
    expect((await anon.post("/api/auth/two-factor/enable", { code: "123456" })).status).toBe(401);
    expect((await anon.post("/api/auth/two-factor/disable", { password: "x", code: "123456" })).status).toBe(401);
  });

  it("shows a secret once, keeps it unconfirmed until a right code, then gives 10 single-use recovery codes", async () => {
    const { client, userId, input } = await signedInClient(server);
    const setup = await client.post("/api/auth/two-factor/setup", {});
    const { secret, otpauth_uri } = await setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_uri)).toContain(input.email);
    const [stored] = await server.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    expect(stored!.secretSealed).not.toContain(secret);
    expect(stored!.enabledAt).toBeNull();

    // Not on yet: sign-in still gives a session straight away.
    const plain = await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: GOOD_PASSWORD });
    expect((await plain.json()).user).not.toBeNull();

    for (const code of ["12345", "abcdef", ""]) {
      expect((await client.post("/api/auth/two-factor/enable", { code })).status).toBe(400);
    }
    const refused = await client.post("/api/auth/two-factor/enable", { code: wrongCode(secret) });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(await server.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))).toHaveLength(0);

    const enable = await client.post("/api/auth/two-factor/enable", { code: totpCode(secret) });
    expect(enable.status).toBe(200);
    const { recovery_codes } = await enable.json();
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await server.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.codeHash)).not.toContain(recovery_codes[0].replace("-", ""));
    expect(await client.get("/api/auth/security").then((r) => r.json())).toEqual({
      has_password: true,
      two_factor_enabled: true,
      recovery_codes_left: 10,
    });
    // On is on: a second set-up cannot replace the secret.
    expect((await client.post("/api/auth/two-factor/setup", {})).status).toBe(409);
  });
});

describe("sign-in with two-factor on", () => {
  it("asks for a code after the password: no session until a right code, then a session", async () => {
    const { input, secret, userId } = await enrolled();
    const before = await countOf(sessions, userId);
    const { client, body, challenge } = await passwordStep(input.email);
    expect(body.user).toBeNull();
    expect(body.two_factor.expires_in).toBe(300);
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
    expect(await countOf(sessions, userId)).toBe(before);

    const res = await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code: nextCode(secret) });
    expect(res.status).toBe(200);
    expect(meSchema.parse((await res.json()).user).id).toBe(userId);
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(true);
    expect(await countOf(sessions, userId)).toBe(before + 1);
    // The challenge is single use.
    const again = await new TestClient(server.url).post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code: nextCode(secret) });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("INVALID_TOKEN");
  });

  it("refuses a wrong code, counting it toward the sign-in failure limit; five wrong codes end the challenge", async () => {
    const { input, secret, userId } = await enrolled();
    const { client, challenge } = await passwordStep(input.email);
    const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, Date.now() + d * STEP)));
    const wrong = ["000000", "111111", "222222", "333333", "444444", "555555", "666666"].filter((c) => !valid.has(c));
    const res = await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code: wrong[0] });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(error.message).toBe("That code is not valid. Check your authenticator app and try again.");
    expect(await countOf(signInFailures, userId)).toBe(1);
    for (const code of wrong.slice(1, 5)) {
      expect((await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code })).status).toBe(400);
    }
    expect(await countOf(signInFailures, userId)).toBe(5);
    const late = await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code: nextCode(secret) });
    expect((await errorOf(late)).code).toBe("INVALID_TOKEN");
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
  });

  it("refuses bad input (400) and an unknown or missing challenge", async () => {
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-in/two-factor", { challenge_token: "x", code: "12" })).status).toBe(400);
    expect((await client.post("/api/auth/sign-in/two-factor", { challenge_token: "x", code: "123456", extra: 1 })).status).toBe(400);
    const unknown = await client.post("/api/auth/sign-in/two-factor", { challenge_token: "nope", code: "123456" });
    expect((await errorOf(unknown)).code).toBe("INVALID_TOKEN");
    const missing = await client.post("/api/auth/sign-in/two-factor", { code: "123456" });
    expect((await errorOf(missing)).code).toBe("INVALID_TOKEN");
  });

  it("refuses a code replayed within its window, even for a fresh challenge", async () => {
    const { input, secret } = await enrolled();
    const code = nextCode(secret);
    const first = await passwordStep(input.email);
    expect((await first.client.post("/api/auth/sign-in/two-factor", { challenge_token: first.challenge, code })).status).toBe(200);
    const second = await passwordStep(input.email);
    const replay = await second.client.post("/api/auth/sign-in/two-factor", { challenge_token: second.challenge, code });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).code).toBe("INVALID_TWO_FACTOR_CODE");
    // The code of the enrolment's own step is used up too.
    const third = await passwordStep(input.email);
    const old = await third.client.post("/api/auth/sign-in/two-factor", { challenge_token: third.challenge, code: totpCode(secret) });
    expect(old.status).toBe(400);
  });

  it("takes each recovery code once (with or without its dash, any case)", async () => {
    const { input, recoveryCodes, userId } = await enrolled();
    const first = await passwordStep(input.email);
    const ok = await first.client.post("/api/auth/sign-in/two-factor", {
      challenge_token: first.challenge,
      code: recoveryCodes[0]!.toUpperCase(),
    });
    expect(ok.status).toBe(200);
    const second = await passwordStep(input.email);
    const reuse = await second.client.post("/api/auth/sign-in/two-factor", {
      challenge_token: second.challenge,
      code: recoveryCodes[0]!.replace("-", ""),
    });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).code).toBe("INVALID_TWO_FACTOR_CODE");
    const left = await server.ctx.db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    expect(left[0]!.n).toBe(9);
  });

  it("gives the native client its tokens in the body after the code", async () => {
    const { input, secret } = await enrolled();
    const { client, challenge } = await passwordStep(input.email, new TestClient(server.url), { client: "native" });
    const res = await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code: nextCode(secret) });
    const body = await res.json();
    expect(typeof body.access_token).toBe("string");
    expect(typeof body.refresh_token).toBe("string");
    expect(client.cookies.has(ACCESS_COOKIE)).toBe(false);
  });
});

describe("turning two-factor off", () => {
  it("needs the right password and a right code; either wrong changes nothing", async () => {
    const { client, secret, userId } = await enrolled();
    const wrongPassword = await client.post("/api/auth/two-factor/disable", { password: "Wrong-Password-1", code: nextCode(secret) });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).code).toBe("WRONG_PASSWORD");
    const badCode = await client.post("/api/auth/two-factor/disable", { password: GOOD_PASSWORD, code: wrongCode(secret) });
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).code).toBe("INVALID_TWO_FACTOR_CODE");
    expect((await client.post("/api/auth/two-factor/disable", { code: nextCode(secret) })).status).toBe(400);
    expect((await client.post("/api/auth/two-factor/disable", { password: GOOD_PASSWORD })).status).toBe(400);
    expect(await server.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId))).toHaveLength(1);
    expect(await countOf(signInFailures, userId)).toBe(2);

    const res = await client.post("/api/auth/two-factor/disable", { password: GOOD_PASSWORD, code: nextCode(secret) });
    expect(res.status).toBe(204);
    expect(await server.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId))).toHaveLength(0);
    expect(await server.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))).toHaveLength(0);
    expect(await server.ctx.db.select().from(signInChallenges).where(eq(signInChallenges.userId, userId))).toHaveLength(0);
    expect((await client.post("/api/auth/two-factor/disable", { password: GOOD_PASSWORD, code: "123456" })).status).toBe(409);
  });
});

describe("new recovery codes", () => {
  const codeHashes = async (userId: string) =>
    (
      await server.ctx.db
        .select({ hash: twoFactorRecoveryCodes.codeHash })
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, userId))
    )
      .map((r) => r.hash)
      .sort();
  const signInWith = async (email: string, code: string) => {
    const { client, challenge } = await passwordStep(email);
    return (await client.post("/api/auth/sign-in/two-factor", { challenge_token: challenge, code })).status;
  };

  it("needs the right password and a right code; a wrong one changes nothing and counts as a failed sign-in", async () => {
    const { client, secret, userId } = await enrolled();
    const before = await codeHashes(userId);
    const wrongPassword = await client.post("/api/auth/two-factor/recovery-codes", { password: "Wrong-Password-1", code: nextCode(secret) });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).code).toBe("WRONG_PASSWORD");
    const badCode = await client.post("/api/auth/two-factor/recovery-codes", { password: GOOD_PASSWORD, code: wrongCode(secret) });
    expect(badCode.status).toBe(400);
    expect(await errorOf(badCode)).toMatchObject({ code: "INVALID_TWO_FACTOR_CODE", fields: { code: expect.any(String) } });
    // Past the 5 minutes after signing in, the password is needed.
    await server.ctx.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.userId, userId));
    const noPassword = await client.post("/api/auth/two-factor/recovery-codes", { code: nextCode(secret) });
    expect(noPassword.status).toBe(400);
    expect(await errorOf(noPassword)).toMatchObject({ code: "VALIDATION_FAILED", fields: { password: expect.any(String) } });
    expect((await client.post("/api/auth/two-factor/recovery-codes", { password: GOOD_PASSWORD, code: "12345" })).status).toBe(400);
    expect(await codeHashes(userId)).toEqual(before);
    expect(await countOf(signInFailures, userId)).toBe(2);
  });

  it("replaces every code with ten new ones: the old ones stop working, the new ones sign in once", async () => {
    const { client, input, secret, userId, recoveryCodes } = await enrolled();
    expect(await signInWith(input.email, recoveryCodes[0]!)).toBe(200);
    const res = await client.post("/api/auth/two-factor/recovery-codes", { password: GOOD_PASSWORD, code: nextCode(secret) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { recovery_codes } = (await res.json()) as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recovery_codes.some((code) => recoveryCodes.includes(code))).toBe(false);

    const status = (await (await client.get("/api/auth/security")).json()) as { recovery_codes_left: number };
    expect(status.recovery_codes_left).toBe(10);
    expect(await signInWith(input.email, recoveryCodes[1]!)).toBe(400);
    expect(await signInWith(input.email, recovery_codes[0]!)).toBe(200);
    expect(await signInWith(input.email, recovery_codes[0]!)).toBe(400);
    expect(await codeHashes(userId)).toHaveLength(10);
  });

  it("takes a recovery code as the second factor, and an account without a password (Google) gives the code alone", async () => {
    const { client, userId, recoveryCodes } = await enrolled();
    await server.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
    const res = await client.post("/api/auth/two-factor/recovery-codes", { code: recoveryCodes[3]! });
    expect(res.status).toBe(200);
    const again = await client.post("/api/auth/two-factor/recovery-codes", { code: recoveryCodes[4]! });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("INVALID_TWO_FACTOR_CODE");
  });

  it("answers 409 when two-factor is off, and 401 when signed out", async () => {
    const { client } = await signedInClient(server);
    expect((await client.post("/api/auth/two-factor/recovery-codes", { password: GOOD_PASSWORD, code: "123456" })).status).toBe(409);
    expect((await new TestClient(server.url).post("/api/auth/two-factor/recovery-codes", { code: "123456" })).status).toBe(401);
  });
});
