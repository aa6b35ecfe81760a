import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "../src/db/client.js";
import type { SignUpRequest } from "@p2p/shared";
import { users } from "../src/db/schema.js";
import type { TestServer } from "./harness.js";
import { TestClient } from "./client.js";

export const GOOD_PASSWORD = "Correct-Horse-Battery-9";

let counter = 0;

/** Sign-up input that is valid and unique within the test run. */
export function newSignUp(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  counter += 1;
  const tag = `${randomBytes(3).toString("hex")}${counter}`;
  return {
    full_name: "Ada Okafor",
    username: `ada_${tag}`,
    phone_number: `+23480${String(Date.now() % 1e4).padStart(4, "0")}${String(counter).padStart(4, "0")}`,
    email: `ada.${tag}@example.test`,
    password: GOOD_PASSWORD,
    ...overrides,
  };
}

/** The token of the link in the latest captured mail to `to` matching `pattern`. */
export async function linkTokenFromMail(server: TestServer, to: string, pattern: RegExp): Promise<string> {
  await server.ctx.jobs.runDue();
  const mail = [...server.mail].reverse().find((m) => m.to === to && pattern.test(m.text));
  if (!mail) throw new Error(`no mail to ${to} matching ${pattern}`);
  const match = mail.text.match(/token=([A-Za-z0-9_%-]+)/);
  if (!match) throw new Error("mail has no token link");
  return decodeURIComponent(match[1]!);
}

/** Signs up through the API and confirms the email by following the mailed link. */
export async function signUpConfirmed(server: TestServer, overrides: Partial<SignUpRequest> = {}) {
  const input = newSignUp(overrides);
  const client = new TestClient(server.url);
  const res = await client.post("/api/auth/sign-up", input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const token = await linkTokenFromMail(server, input.email, /confirm\?token=/);
  const confirm = await client.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`);
  if (confirm.headers.get("location") !== "/?confirmed=1") throw new Error("confirmation failed");
  const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
  return { input, userId: user!.id };
}

/** A signed-in web client (session cookies) for a new confirmed account. */
export async function signedInClient(server: TestServer, overrides: Partial<SignUpRequest> = {}) {
  const account = await signUpConfirmed(server, overrides);
  const client = new TestClient(server.url);
  const res = await client.post("/api/auth/sign-in", { email: account.input.email, password: account.input.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { ...account, client, me: (await res.json()).user };
}

/** Row counts of the tables the auth flows write, to prove a refused request wrote nothing. */
export async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const tables = ["users", "profiles", "user_roles", "referrals", "sessions", "auth_tokens", "jobs"];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(server.ctx.db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = Number(row!.n);
  }
  return out;
}
