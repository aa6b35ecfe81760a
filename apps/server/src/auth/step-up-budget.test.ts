import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WRONG_CODES_PER_HOUR } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { signedInClient } from "../../test/accounts.js";
import { TestClient } from "../../test/client.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, fund, getJson, rowCount, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { ACCESS_COOKIE } from "./cookies.js";
import { totpCode } from "./totp.js";

/*
 * Issue #17, finding 1: a stolen session guessed the second factor of a withdrawal (1,500 wrong
 * codes in 5 s) and of an escrow release (600) with no limit. Step-up codes now draw on the
 * account's one budget of wrong codes, shared with the sign-in's second step: 10 an hour, then
 * every code is refused (even the right one) and the owner is mailed once.
 */

let server: TestServer;
let admin: TestUser;
let merchant: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

const STEP = 30_000;
const WITHDRAWAL = { coin: "PI", network: "Pi", amount: "5", address: "0xdestination0003" };

async function enrolled() {
  const account = await signedInClient(server);
  const { secret } = (await (await account.client.post("/api/auth/two-factor/setup", {})).json()) as { secret: string };
  expect((await account.client.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
  const user = { id: account.me.id, token: "" } as TestUser;
  await fund(server.ctx.db, admin, user, "PI", "20");
  return { ...account, secret, userId: account.me.id as string };
}

/** Wrong six-digit codes: never one of the codes the app would accept now. */
function wrongCodes(secret: string, n: number): string[] {
  const valid = new Set([-1, 0, 1].map((k) => totpCode(secret, Date.now() + k * STEP)));
  const out: string[] = [];
  for (let i = 100000; out.length < n; i += 7919) if (!valid.has(String(i))) out.push(String(i));
  return out;
}

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function lockoutMails(to: string): Promise<number> {
  await server.ctx.jobs.runDue();
  return server.mail.filter((m) => m.to === to && /Too many wrong two-factor codes/.test(m.text)).length;
}

describe("wrong step-up codes on a withdrawal", () => {
  it(`are answered for the first ${MAX_WRONG_CODES_PER_HOUR} only, however many arrive at once; then even the right code is refused, nothing moves, and the owner is mailed once`, async () => {
    const { client, secret, userId, input } = await enrolled();
    const withdrawalsBefore = await rowCount(server.ctx.db, "withdrawals");

    const answers = await Promise.all(
      wrongCodes(secret, 40).map(async (code) => codeOf(await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: code }))),
    );
    expect(answers.filter((c) => c === "INVALID_TWO_FACTOR_CODE")).toHaveLength(MAX_WRONG_CODES_PER_HOUR);
    expect(answers.filter((c) => c === "TOO_MANY_WRONG_CODES")).toHaveLength(40 - MAX_WRONG_CODES_PER_HOUR);

    const right = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: totpCode(secret, Date.now() + STEP) });
    expect(right.status).toBe(429);
    expect(await codeOf(right)).toBe("TOO_MANY_WRONG_CODES");
    expect(await rowCount(server.ctx.db, "withdrawals")).toBe(withdrawalsBefore);
    expect(await balance(server.ctx.db, userId, "PI")).toBe("20.00000000");
    expect(await lockoutMails(input.email)).toBe(1);
  });

  it("a right code does not spend the budget", async () => {
    const { client, secret } = await enrolled();
    for (const code of wrongCodes(secret, MAX_WRONG_CODES_PER_HOUR - 1)) {
      expect((await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: code })).status).toBe(400);
    }
    const ok = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: totpCode(secret, Date.now() + STEP) });
    expect(ok.status).toBe(201);
    // The right code was no failure: one wrong code is still left.
    const last = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: wrongCodes(secret, 1)[0] });
    expect(await codeOf(last)).toBe("INVALID_TWO_FACTOR_CODE");
  });
});

describe("wrong step-up codes on an escrow release", () => {
  it("spend the same budget as withdrawals and the sign-in's second step: the release stays locked, and so do the others", async () => {
    const { client, secret, userId, input } = await enrolled();
    const seller = { id: userId, token: client.cookies.get(ACCESS_COOKIE)! } as TestUser;
    const orderId = await tradeTo(server, { admin, user: seller, merchant }, { side: "sell", status: "in_progress" });

    const wrong = wrongCodes(secret, 30);
    const releases = await Promise.all(
      wrong.slice(0, 25).map(async (code) => codeOf(await client.post(`/api/orders/${orderId}/confirm-payment`, { two_factor_code: code }))),
    );
    expect(releases.filter((c) => c === "INVALID_TWO_FACTOR_CODE")).toHaveLength(MAX_WRONG_CODES_PER_HOUR);
    expect(releases.filter((c) => c === "TOO_MANY_WRONG_CODES")).toHaveLength(25 - MAX_WRONG_CODES_PER_HOUR);

    const rightRelease = await client.post(`/api/orders/${orderId}/confirm-payment`, { two_factor_code: totpCode(secret, Date.now() + STEP) });
    expect(await codeOf(rightRelease)).toBe("TOO_MANY_WRONG_CODES");
    expect((await getJson(server.url, admin.token, `/api/orders/${orderId}`)).body.order.status).toBe("in_progress");

    const withdrawal = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: totpCode(secret, Date.now() + STEP) });
    expect(await codeOf(withdrawal)).toBe("TOO_MANY_WRONG_CODES");

    const browser = new TestClient(server.url);
    const signIn = await browser.post("/api/auth/sign-in", { email: input.email, password: input.password });
    const { two_factor } = (await signIn.json()) as { two_factor: { challenge_token: string } };
    const second = await browser.post("/api/auth/sign-in/two-factor", {
      challenge_token: two_factor.challenge_token,
      code: totpCode(secret, Date.now() + STEP),
    });
    expect(await codeOf(second)).toBe("TOO_MANY_WRONG_CODES");
    expect(await lockoutMails(input.email)).toBe(1);
  });
});
