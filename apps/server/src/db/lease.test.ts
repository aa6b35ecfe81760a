import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { queryRows } from "./client.js";
import { holdLease, releaseLease } from "./lease.js";

let server: TestServer;
const lease = () => `test.${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("a lease", () => {
  it("goes to one of many asking at once, is renewed by its holder, and refused to the others while it lasts", async () => {
    const name = lease();
    const granted = await Promise.all(["a", "b", "c", "d"].map((holder) => holdLease(server.ctx.db, name, holder, 30)));
    expect(granted.filter(Boolean)).toHaveLength(1);
    const holder = ["a", "b", "c", "d"][granted.indexOf(true)]!;
    expect(await holdLease(server.ctx.db, name, holder, 30)).toBe(true);
    expect(await holdLease(server.ctx.db, name, holder === "a" ? "b" : "a", 30)).toBe(false);
  });

  it("passes to another process once it has expired, or at once when released", async () => {
    const name = lease();
    expect(await holdLease(server.ctx.db, name, "first", 30)).toBe(true);
    await queryRows(server.ctx.db, sql`update leases set expires_at = now() - interval '1 second' where name = ${name}`);
    expect(await holdLease(server.ctx.db, name, "second", 30)).toBe(true);
    expect(await holdLease(server.ctx.db, name, "first", 30)).toBe(false);
    await releaseLease(server.ctx.db, name, "first"); // not the holder: changes nothing
    expect(await holdLease(server.ctx.db, name, "third", 30)).toBe(false);
    await releaseLease(server.ctx.db, name, "second");
    expect(await holdLease(server.ctx.db, name, "third", 30)).toBe(true);
  });
});
