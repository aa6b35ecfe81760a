import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES, referralCodeFor } from "@p2p/shared";
import { authTokens, jobs, profiles, referrals, userRoles, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { linkTokenFromMail, newSignUp, rowCounts, signUpConfirmed } from "../../test/accounts.js";
import { insertAccount } from "./create-account.js";
import { hashToken } from "./tokens.js";

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(() => server.stop());

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe("POST /api/auth/sign-up", () => {
  it("creates the user, profile, role and a hashed confirmation token, and queues the mail, in one go", async () => {
    const input = newSignUp({ full_name: "  Chidi Obi  " });
    const res = await client.post("/api/auth/sign-up", input);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Please check your email to confirm your account." });

    const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ fullName: "Chidi Obi", emailConfirmedAt: null, googleSub: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [profile] = await server.ctx.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ username: input.username, phoneNumber: input.phone_number, totalTrades: 0 });
    const [role] = await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, user!.id));
    expect(role!.role).toBe("user");

    const token = await linkTokenFromMail(server, input.email, /confirm\?token=/);
    const mail = server.mail.at(-1)!;
    expect(mail.subject).toMatch(/Confirm/);
    expect(mail.text).toContain(`${server.url}/api/auth/confirm?token=`);
    const [stored] = await server.ctx.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
    expect(stored!.purpose).toBe("confirm_email");
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    const hoursValid = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);
  });

  it("normalises email case and phone separators", async () => {
    const input = newSignUp();
    const res = await client.post("/api/auth/sign-up", {
      ...input,
      email: input.email.toUpperCase(),
      phone_number: input.phone_number.replace(/^(\+\d{3})(\d{3})/, "$1 $2-"),
    });
    expect(res.status).toBe(201);
    const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    const [profile] = await server.ctx.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile!.phoneNumber).toBe(input.phone_number);
  });

  describe("refuses a taken value with the spec's sign-up text and writes nothing", () => {
    let existing: ReturnType<typeof newSignUp>;
    beforeAll(async () => {
      existing = newSignUp();
      expect((await client.post("/api/auth/sign-up", existing)).status).toBe(201);
    });

    it.each([
      ["username (any letter case)", () => ({ username: existing.username.toUpperCase() }), "USERNAME_TAKEN", MESSAGES.usernameTakenSignUp],
      ["phone number", () => ({ phone_number: existing.phone_number }), "PHONE_TAKEN", MESSAGES.phoneTakenSignUp],
      ["email (any letter case)", () => ({ email: existing.email.toUpperCase() }), "EMAIL_TAKEN", MESSAGES.emailRegistered],
    ] as const)("%s", async (_name, overrides, code, message) => {
      const before = await rowCounts(server);
      const res = await client.post("/api/auth/sign-up", newSignUp(overrides()));
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code, message });
      expect(await rowCounts(server)).toEqual(before);
    });

    it("names every taken field, the first in the message", async () => {
      const res = await client.post("/api/auth/sign-up", newSignUp({ username: existing.username, email: existing.email }));
      const error = await errorOf(res);
      expect(error.code).toBe("USERNAME_TAKEN");
      expect(error.fields).toEqual({ username: MESSAGES.usernameTakenSignUp, email: MESSAGES.emailRegistered });
    });
  });

  describe("refuses bad input with a clear 400 and writes nothing", () => {
    const cases: Array<[string, unknown, string, string | RegExp]> = [
      ["a username of 4 characters", { username: "abcd" }, "username", MESSAGES.usernameTooShort],
      ["a username with spaces", { username: "ada obi" }, "username", /letters, numbers/],
      ["a missing full name", { full_name: undefined }, "full_name", /expected string|required/i],
      ["a blank full name", { full_name: "   " }, "full_name", "Full name is required"],
      ["a NUL in the full name", { full_name: "Ada\u0000Obi" }, "full_name", "Full name may not contain control characters"],
      ["half a surrogate pair in the full name", { full_name: "Ada \ud800" }, "full_name", /control characters/],
      ["a malformed email", { email: "not-an-email" }, "email", "Enter a valid email address"],
      ["a malformed phone number", { phone_number: "call me" }, "phone_number", "Enter a valid phone number"],
      ["a missing phone number", { phone_number: undefined }, "phone_number", /expected string/i],
      ["a 7-character password", { password: "Abc-123" }, "password", "Password must be at least 8 characters long"],
      ["a 129-character password", { password: "x".repeat(129) }, "password", /at most 128/],
      ["an unknown field", { role: "admin" }, "_", /Unknown field: role/],
      ["a numeric username", { username: 12345 }, "username", /expected string/i],
    ];
    it.each(cases)("%s", async (_name, overrides, field, message) => {
      const before = await rowCounts(server);
      const res = await client.post("/api/auth/sign-up", { ...newSignUp(), ...(overrides as object) });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields![field]).toMatch(message);
      expect(await rowCounts(server)).toEqual(before);
    });

    it("a password from the common list, in any letter case", async () => {
      for (const password of ["password123", "PassWord123", "iloveyou1", "qwertyuiop"]) {
        const before = await rowCounts(server);
        const res = await client.post("/api/auth/sign-up", newSignUp({ password }));
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toMatchObject({
          code: "PASSWORD_TOO_COMMON",
          message: "This password is too common. Choose a less common one.",
        });
        expect(await rowCounts(server)).toEqual(before);
      }
    });

    it.each([
      ["malformed JSON", "{not json"],
      ["a JSON array", "[1,2]"],
      ["a JSON string", '"hello"'],
      ["null", "null"],
    ])("%s", async (_name, raw) => {
      const before = await rowCounts(server);
      const res = await client.post("/api/auth/sign-up", raw);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBeTruthy();
      expect(await rowCounts(server)).toEqual(before);
    });

    it("a body over the size limit answers 413", async () => {
      const res = await client.post("/api/auth/sign-up", { ...newSignUp(), full_name: "x".repeat(70_000) });
      expect(res.status).toBe(413);
      expect((await errorOf(res)).code).toBe("PAYLOAD_TOO_LARGE");
    });
  });

  it("lets exactly one of several racing sign-ups for one username through; the rest get 409", async () => {
    const username = newSignUp().username;
    const results = await Promise.all(Array.from({ length: 5 }, () => client.post("/api/auth/sign-up", newSignUp({ username }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(await errorOf(res)).toMatchObject({ code: "USERNAME_TAKEN", message: MESSAGES.usernameTakenSignUp });
    }
    const rows = await server.ctx.db.select().from(profiles).where(eq(profiles.username, username));
    expect(rows).toHaveLength(1);
  });

  it("maps racing sign-ups for one email and one phone to EMAIL_TAKEN and PHONE_TAKEN", async () => {
    const email = newSignUp().email;
    const byEmail = await Promise.all(Array.from({ length: 4 }, () => client.post("/api/auth/sign-up", newSignUp({ email }))));
    expect(byEmail.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of byEmail.filter((r) => r.status === 409)) expect((await errorOf(r)).code).toBe("EMAIL_TAKEN");

    const phone_number = newSignUp().phone_number;
    const byPhone = await Promise.all(Array.from({ length: 4 }, () => client.post("/api/auth/sign-up", newSignUp({ phone_number }))));
    expect(byPhone.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of byPhone.filter((r) => r.status === 409)) expect((await errorOf(r)).code).toBe("PHONE_TAKEN");
  });
});

describe("referrals (spec §5)", () => {
  it("records the referrer whose id starts with the code's 8 characters", async () => {
    const referrer = await signUpConfirmed(server);
    const code = referralCodeFor(referrer.userId);
    expect(code).toMatch(/^REF[0-9A-F]{8}$/);
    const input = newSignUp({ referral_code: code });
    expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
    const [referred] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    const rows = await server.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(rows).toEqual([expect.objectContaining({ referrerId: referrer.userId, referralCode: code })]);
  });

  it("accepts the code in lower case", async () => {
    const referrer = await signUpConfirmed(server);
    const input = newSignUp({ referral_code: referralCodeFor(referrer.userId).toLowerCase() });
    expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
    const [referred] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    const [row] = await server.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(row!.referralCode).toBe(referralCodeFor(referrer.userId));
  });

  it("takes the first (oldest) of several matching profiles as the referrer", async () => {
    const ids = ["abcdef12-0000-4000-8000-000000000001", "abcdef12-0000-4000-8000-000000000002"];
    for (const [i, id] of ids.entries()) {
      await insertAccount(server.ctx.db, {
        id,
        email: `prefix${i}@example.test`,
        fullName: "Prefix",
        passwordHash: null,
        username: `prefix_twin_${i}`,
        phoneNumber: `+2347000000${i}`,
        emailConfirmed: true,
      });
    }
    await server.ctx.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(profiles.id, ids[1]!));
    const input = newSignUp({ referral_code: "REFABCDEF12" });
    expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
    const [referred] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    const [row] = await server.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
    expect(row!.referrerId).toBe(ids[1]);
  });

  it.each([
    ["a code that matches nobody", "REF00000000"],
    ["a malformed code", "FRIEND-CODE"],
    ["an empty code", ""],
  ])("ignores %s silently and still creates the account", async (_name, referral_code) => {
    const before = (await server.ctx.db.select().from(referrals)).length;
    const input = newSignUp({ referral_code });
    expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
    expect(await server.ctx.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
    expect(await server.ctx.db.select().from(referrals)).toHaveLength(before);
  });
});

describe("the confirmation mail job", () => {
  it("is written in the same transaction as the account (a refused sign-up queues no mail)", async () => {
    const before = (await server.ctx.db.select().from(jobs)).length;
    await client.post("/api/auth/sign-up", newSignUp({ password: "short" }));
    expect(await server.ctx.db.select().from(jobs)).toHaveLength(before);
  });
});
