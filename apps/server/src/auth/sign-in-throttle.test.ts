import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { MAX_FAILED_SIGN_INS_PER_ADDRESS, MAX_FAILED_SIGN_INS_PER_HOUR } from "@p2p/shared";
import { sessions, signInFailures } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { GOOD_PASSWORD, linkTokenFromMail, signUpConfirmed } from "../../test/accounts.js";
import { ACCESS_COOKIE } from "./cookies.js";
import { totpCode } from "./totp.js";
import { TWO_FACTOR_COOKIE } from "./two-factor-cookie.js";

/*
 * Issue #17, finding 8: 100 wrong passwords from anywhere locked the real owner out for an hour
 * (a merchant mid-trade). Failed sign-ins now slow the attacker, not the owner: one IP address
 * gets 10 wrong passwords per 15 minutes, and past 100 from anywhere the right password gets a
 * link mailed to the owner instead of a session.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const WRONG = "Wrong-Password-42";
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const sessionCount = async (userId: string) => (await server.ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
/** Failed sign-ins from many addresses, as a botnet would leave them. */
const failuresFromEverywhere = (userId: string, n: number) =>
  server.ctx.db.insert(signInFailures).values(Array.from({ length: n }, (_, i) => ({ userId, ip: `203.0.113.${i % 250}` })));

describe(`after ${MAX_FAILED_SIGN_INS_PER_HOUR} wrong passwords from anywhere`, () => {
  it("the owner's right password gets a mailed one-time link instead of a wall, and the link signs them in", async () => {
    const owner = await signUpConfirmed(server);
    await failuresFromEverywhere(owner.userId, MAX_FAILED_SIGN_INS_PER_HOUR);
    const before = await sessionCount(owner.userId);

    const browser = new TestClient(server.url);
    const res = await browser.post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ user: null, sign_in_link_sent: true });
    expect(browser.cookies.has(ACCESS_COOKIE)).toBe(false);
    expect(await sessionCount(owner.userId)).toBe(before);

    const token = await linkTokenFromMail(server, owner.input.email, /sign-in-link\?token=/);
    const followed = await browser.get(`/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/dashboard");
    const session = (await (await browser.get("/api/auth/session")).json()) as { user: { id: string } };
    expect(session.user.id).toBe(owner.userId);

    // The link works once.
    const again = await new TestClient(server.url).get(`/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);
    expect(again.headers.get("location")).toMatch(/^\/auth\?error=/);
  });

  it("a wrong password is still only 401, and the attacker who guesses right gets no session either", async () => {
    const owner = await signUpConfirmed(server);
    await failuresFromEverywhere(owner.userId, MAX_FAILED_SIGN_INS_PER_HOUR + 20);
    const wrong = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: WRONG });
    expect((await errorOf(wrong)).code).toBe("INVALID_CREDENTIALS");
    const right = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD, client: "native" });
    expect(right.status).toBe(202);
    expect(await right.json()).toEqual({ user: null, sign_in_link_sent: true });
    expect(await sessionCount(owner.userId)).toBe(0);
  });

  it("with two-factor on, the link leads to the code step, not past it", async () => {
    const owner = await signUpConfirmed(server);
    const client = new TestClient(server.url);
    await client.post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD });
    const { secret } = (await (await client.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
    expect((await client.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
    await failuresFromEverywhere(owner.userId, MAX_FAILED_SIGN_INS_PER_HOUR);

    const browser = new TestClient(server.url);
    expect((await browser.post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD })).status).toBe(202);
    const token = await linkTokenFromMail(server, owner.input.email, /sign-in-link\?token=/);
    const followed = await browser.get(`/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);
    expect(followed.headers.get("location")).toBe("/auth?two_factor=link");
    expect(browser.cookies.has(ACCESS_COOKIE)).toBe(false);
    expect(browser.cookies.has(TWO_FACTOR_COOKIE)).toBe(true);
    const done = await browser.post("/api/auth/sign-in/two-factor", { code: totpCode(secret, Date.now() + 30_000) });
    expect(done.status).toBe(200);
  });
});

describe("wrong passwords from one address", () => {
  it(`are checked ${MAX_FAILED_SIGN_INS_PER_ADDRESS} times per window however many arrive at once; then that address waits, even with the right password`, async () => {
    const owner = await signUpConfirmed(server);
    const answers = await Promise.all(
      Array.from(
        { length: 30 },
        async () => (await errorOf(await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: WRONG }))).code,
      ),
    );
    expect(answers.filter((c) => c === "INVALID_CREDENTIALS")).toHaveLength(MAX_FAILED_SIGN_INS_PER_ADDRESS);
    expect(answers.filter((c) => c === "TOO_MANY_FAILED_SIGN_INS")).toHaveLength(30 - MAX_FAILED_SIGN_INS_PER_ADDRESS);

    const right = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD });
    expect(right.status).toBe(429);
    expect(await sessionCount(owner.userId)).toBe(0);
    // Refused attempts are not counted, so the address is free again once the window passes.
    const [{ n }] = (await server.ctx.db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.userId, owner.userId))) as [
      { n: number },
    ];
    expect(n).toBe(MAX_FAILED_SIGN_INS_PER_ADDRESS);
    await server.ctx.db
      .update(signInFailures)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(signInFailures.userId, owner.userId));
    expect((await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it("do not slow the owner at another address", async () => {
    const owner = await signUpConfirmed(server);
    await server.ctx.db
      .insert(signInFailures)
      .values(Array.from({ length: MAX_FAILED_SIGN_INS_PER_ADDRESS * 3 }, () => ({ userId: owner.userId, ip: "198.51.100.7" })));
    const res = await new TestClient(server.url).post("/api/auth/sign-in", { email: owner.input.email, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
  });
});
