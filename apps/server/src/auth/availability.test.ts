import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { newSignUp, signUpConfirmed } from "../../test/accounts.js";

let server: TestServer;
let client: TestClient;
let taken: Awaited<ReturnType<typeof signUpConfirmed>>["input"];

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
  taken = (await signUpConfirmed(server)).input;
});
afterAll(() => server.stop());

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const q = encodeURIComponent;

describe("GET /api/auth/check-username", () => {
  it("says a taken username is unavailable, whatever its letter case, and a free one available", async () => {
    expect(await json(await client.get(`/api/auth/check-username?username=${q(taken.username)}`))).toEqual({
      status: 200,
      body: { available: false },
    });
    expect((await json(await client.get(`/api/auth/check-username?username=${q(taken.username.toUpperCase())}`))).body).toEqual({ available: false });
    expect((await json(await client.get(`/api/auth/check-username?username=${q(newSignUp().username)}`))).body).toEqual({ available: true });
  });

  it.each([
    ["a 4-character username", "?username=abcd", MESSAGES.usernameTooShort],
    ["a username with symbols", "?username=ab%3Ccd%3E", /letters, numbers/],
    ["no username", "", /username/],
    ["an extra parameter", "?username=abcdef&x=1", /Unknown field/],
  ])("answers %s with a 400 naming the rule", async (_name, query, message) => {
    const { status, body } = await json(await client.get(`/api/auth/check-username${query}`));
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toMatch(message);
  });
});

describe("GET /api/auth/check-phone", () => {
  it("says a taken number is unavailable, also written with spaces, and a free one available", async () => {
    expect((await json(await client.get(`/api/auth/check-phone?phone_number=${q(taken.phone_number)}`))).body).toEqual({ available: false });
    const spaced = taken.phone_number.replace(/^(\+\d{3})(\d{3})/, "$1 $2 ");
    expect((await json(await client.get(`/api/auth/check-phone?phone_number=${q(spaced)}`))).body).toEqual({ available: false });
    expect((await json(await client.get(`/api/auth/check-phone?phone_number=${q("+2349011112222")}`))).body).toEqual({ available: true });
  });

  it("answers a malformed number with a 400", async () => {
    const { status, body } = await json(await client.get(`/api/auth/check-phone?phone_number=hello`));
    expect(status).toBe(400);
    expect(body.error.message).toMatch("Enter a valid phone number");
  });
});

describe("POST /api/auth/check-email (check_email_exists)", () => {
  it("says whether the email is registered, whatever its letter case", async () => {
    expect(await json(await client.post("/api/auth/check-email", { email_to_check: taken.email }))).toEqual({ status: 200, body: { exists: true } });
    expect((await json(await client.post("/api/auth/check-email", { email_to_check: ` ${taken.email.toUpperCase()} ` }))).body).toEqual({
      exists: true,
    });
    expect((await json(await client.post("/api/auth/check-email", { email_to_check: "free@example.test" }))).body).toEqual({ exists: false });
  });

  it.each([
    ["no email", {}],
    ["a number", { email_to_check: 5 }],
    ["the wrong field name", { email: "a@example.test" }],
    ["a NUL character", { email_to_check: "a\u0000@example.test" }],
  ])("refuses %s with a 400", async (_name, body) => {
    expect((await client.post("/api/auth/check-email", body)).status).toBe(400);
  });
});

describe("GET /api/auth/providers", () => {
  it("says which outside sign-ins are configured", async () => {
    expect(await json(await client.get("/api/auth/providers"))).toEqual({ status: 200, body: { google: false, telegram: false } });
  });
});

describe("per-IP rate limits", () => {
  it("refuse requests over the configured limit with 429 RATE_LIMITED, per route", async () => {
    const limited = await startTestServer({ RATE_LIMIT_CHECKS_PER_MINUTE: "3", RATE_LIMIT_SIGN_IN_PER_MINUTE: "2" });
    try {
      const c = new TestClient(limited.url);
      for (let i = 0; i < 3; i++) expect((await c.get("/api/auth/check-username?username=abcdef")).status).toBe(200);
      const over = await c.get("/api/auth/check-username?username=abcdef");
      expect(over.status).toBe(429);
      expect((await over.json()).error.code).toBe("RATE_LIMITED");
      // Another route has its own budget.
      expect((await c.get("/api/auth/check-phone?phone_number=%2B2348011112222")).status).toBe(200);

      const signIn = () => c.post("/api/auth/sign-in", { email: "x@example.test", password: "whatever-123" });
      expect((await signIn()).status).toBe(401);
      expect((await signIn()).status).toBe(401);
      expect((await signIn()).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it("can be turned off with RATE_LIMITS=off", async () => {
    const open = await startTestServer({ RATE_LIMITS: "off", RATE_LIMIT_CHECKS_PER_MINUTE: "1" });
    try {
      const c = new TestClient(open.url);
      for (let i = 0; i < 4; i++) expect((await c.get("/api/auth/check-username?username=abcdef")).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
