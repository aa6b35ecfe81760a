import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { emailSchema, phoneSchema, usernameSchema } from "@p2p/shared";
import { profiles, userRoles, users } from "../db/schema.js";
import { isCommonPassword } from "../auth/passwords.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { TestClient } from "../test/client.js";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed-demo.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const userCount = async () => (await server.ctx.db.select({ n: count() }).from(users))[0]!.n;

describe("seedDemoData", () => {
  it("creates one admin, two merchants and two users, confirmed, with valid usernames and phones", async () => {
    const accounts = await seedDemoData(server.ctx.db);
    expect(accounts.map((a) => a.role)).toEqual(["admin", "merchant", "merchant", "user", "user"]);
    expect(await userCount()).toBe(5);
    for (const seed of DEMO_ACCOUNTS) {
      expect(emailSchema.parse(seed.email)).toBe(seed.email);
      expect(usernameSchema.parse(seed.username)).toBe(seed.username);
      expect(phoneSchema.parse(seed.phoneNumber)).toBe(seed.phoneNumber);
      expect(isCommonPassword(seed.password)).toBe(false);
      const [row] = await server.ctx.db
        .select({ confirmed: users.emailConfirmedAt, role: userRoles.role, username: profiles.username, phone: profiles.phoneNumber })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, seed.email));
      expect(row).toMatchObject({ role: seed.role, username: seed.username, phone: seed.phoneNumber });
      expect(row!.confirmed).toBeInstanceOf(Date);
    }
  });

  it("is idempotent: a second run creates nothing and returns the same sign-ins", async () => {
    const first = await seedDemoData(server.ctx.db);
    const again = await seedDemoData(server.ctx.db);
    expect(again).toEqual(first);
    expect(await userCount()).toBe(5);
  });

  it("returns sign-ins that work, with the seeded role and a complete profile", async () => {
    const accounts = await seedDemoData(server.ctx.db);
    for (const account of accounts) {
      const res = await new TestClient(server.url).post("/api/auth/sign-in", { email: account.email, password: account.password });
      expect(res.status).toBe(200);
      const { user } = await res.json();
      expect(user).toMatchObject({ role: account.role, username: account.username, needs_profile: false });
    }
  });
});
