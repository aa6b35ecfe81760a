import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MAX_FAILED_SIGN_INS_PER_ADDRESS } from "@p2p/shared";
import { depositBody } from "../trading-fixtures.js";
import { queryRows } from "../../src/db/client.js";
import { signInFailures } from "../../src/db/schema.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../../src/auth/cookies.js";
import { startTestServer, type TestServer } from "../harness.js";
import { TestClient, type SetCookie } from "../client.js";
import { signedInClient } from "../accounts.js";

/*
 * What a live deployment answers to an attacker, beyond the auth tests this suite also runs
 * (sessions.test.ts: refresh-token reuse, cross-site sign-in and sign-out; sign-in.test.ts: the
 * 101st failed sign-in; reset-password.test.ts: the same answer for unknown emails): the security
 * headers on every kind of response, the cookie flags as set and as cleared, and cross-site
 * writes refused on the money and account endpoints. The server runs as in production.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: "production", SESSION_SECRET: randomBytes(32).toString("hex"), PUBLIC_URL: "https://p2p.example.test" });
});
afterAll(() => server.stop());

const SECURITY_HEADERS: Record<string, RegExp> = {
  "content-security-policy": /^default-src 'self';.*object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'$/,
  "x-content-type-options": /^nosniff$/,
  "referrer-policy": /^strict-origin-when-cross-origin$/,
  "x-frame-options": /^DENY$/,
  "cross-origin-opener-policy": /^same-origin$/,
  "permissions-policy": /^camera=\(\), microphone=\(\), geolocation=\(\)$/,
  "strict-transport-security": /^max-age=63072000; includeSubDomains$/,
};

function missingHeaders(label: string, res: Response): string[] {
  return Object.entries(SECURITY_HEADERS)
    .filter(([name, pattern]) => !pattern.test(res.headers.get(name) ?? ""))
    .map(([name]) => `${label} (${res.status}): ${name} = ${res.headers.get(name)}`);
}

function expectSessionCookieFlags(cookies: SetCookie[]): void {
  expect(cookies.map((c) => c.name).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
  for (const cookie of cookies) {
    expect(cookie.attributes, cookie.name).toMatchObject({ httponly: true, secure: true, samesite: "Lax", path: "/" });
    expect(cookie.attributes.domain, cookie.name).toBeUndefined();
  }
}

describe("security headers", () => {
  it("are on every kind of live response: success, refusal, unknown route, cross-site and too many failures", async () => {
    const { client, input, userId } = await signedInClient(server);
    const anonymous = new TestClient(server.url);
    const responses: [string, Response][] = [
      ["session", await client.get("/api/auth/session")],
      ["health", await anonymous.get("/api/health")],
      ["bad input", await client.post("/api/orders", { coin: "PI" })],
      ["signed out", await anonymous.get("/api/wallet")],
      ["unknown order", await client.get("/api/orders/00000000-0000-4000-8000-000000000000")],
      ["unknown route", await anonymous.get("/api/no-such-route")],
      ["cross-site", await client.post("/api/wallet/withdrawals", {}, { "sec-fetch-site": "cross-site" })],
      ["wrong password", await anonymous.post("/api/auth/sign-in", { email: input.email, password: "Wrong-Password-42" })],
    ];
    await server.ctx.db.insert(signInFailures).values(Array.from({ length: MAX_FAILED_SIGN_INS_PER_ADDRESS }, () => ({ userId, ip: "127.0.0.1" })));
    const locked = await anonymous.post("/api/auth/sign-in", { email: input.email, password: input.password });
    expect(locked.status).toBe(429);
    responses.push(["too many failed sign-ins", locked], ["sign-out", await client.post("/api/auth/sign-out")]);
    expect(responses.flatMap(([label, res]) => missingHeaders(label, res))).toEqual([]);
  });
});

describe("session cookies on live responses", () => {
  it("are set by sign-in and cleared by sign-out as __Host- cookies: HttpOnly, Secure, SameSite=Lax, Path=/", async () => {
    const { client } = await signedInClient(server);
    const signIn = client.lastSetCookies;
    expectSessionCookieFlags(signIn);
    expect(client.cookies.size).toBe(2);

    expect((await client.post("/api/auth/sign-out")).status).toBe(204);
    // A browser ignores a __Host- cookie cleared without Secure and Path=/: the clearing carries them too.
    expectSessionCookieFlags(client.lastSetCookies);
    expect(client.cookies.size).toBe(0);
  });
});

describe("cross-site writes", () => {
  const WRITES: [string, string, unknown][] = [
    ["POST", "/api/orders", { merchant_id: "00000000-0000-4000-8000-000000000000", coin: "PI", side: "buy", naira_amount: "10000" }],
    ["POST", "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "1", address: "0xattackeraddress0001" }],
    ["POST", "/api/wallet/deposits", depositBody({ coin: "PI", amount: "1", tx_hash: "0xabcdef0123456789abcdef" })],
    ["POST", "/api/auth/refresh", {}],
    ["POST", "/api/auth/password", { current_password: "x", new_password: "Another-Passphrase-2026" }],
    ["POST", "/api/auth/sessions/sign-out-others", {}],
    ["PATCH", "/api/profile", { username: "hijacked_name" }],
    ["PUT", "/api/notification-preferences", { preferences: [] }],
    ["PUT", "/api/offers/PI", { buy_price: "1", sell_price: "2" }],
    ["DELETE", "/api/coins/PI/watch", undefined],
  ];
  const TABLES = [
    "orders",
    "withdrawals",
    "deposits",
    "sessions",
    "profiles",
    "notification_preferences",
    "offers",
    "coin_watches",
    "audit_log",
    "jobs",
  ];

  const snapshot = async () => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = await queryRows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      counts[table] = row!.n;
    }
    const [sessions] = await queryRows<{ h: string }>(server.ctx.db, sql`select md5(string_agg(s::text, ',' order by id)) as h from sessions s`);
    return { counts, sessions: sessions!.h };
  };

  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
  ])("are refused with 403 CROSS_SITE_REQUEST when they carry %s, and write nothing", async (_name, headers) => {
    const { client } = await signedInClient(server);
    const before = await snapshot();
    for (const [method, path, body] of WRITES) {
      const res = await client.request(path, { method, body, headers });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code, `${method} ${path}`).toBe("CROSS_SITE_REQUEST");
      expect(res.headers.getSetCookie(), `${method} ${path}`).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await (await client.get("/api/auth/session")).json()).user).not.toBeNull();
  });
});
