import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { queryRows, type Database } from "../db/client.js";

/**
 * The `take_account_quota` SQL function every per-account limit counts with (migrations 0014,
 * 0023), on its own: what it grants within a window, and the window starting again once its span
 * has passed. Parallel use is held by account-quota.test.ts.
 */
describe("take_account_quota", () => {
  let database: Database & { drop(): Promise<void> };
  let userId: string;

  beforeAll(async () => {
    database = await freshDatabase();
    userId = (await createSignedInUser(database.db, "quota-test-secret")).id;
  });
  afterAll(() => database?.drop());

  const take = async (wanted: number, cap = 5) => {
    const [row] = await queryRows<{ granted: number }>(
      database.db,
      sql`select take_account_quota(${userId}::uuid, 'probe', interval '1 minute', ${cap}::int, ${wanted}::int) as granted`,
    );
    return Number(row!.granted);
  };
  const used = async () => {
    const [row] = await queryRows<{ used: number }>(database.db, sql`select used from account_quotas where user_id = ${userId} and name = 'probe'`);
    return Number(row!.used);
  };

  it("grants up to the cap within a window, part of a request at the edge, and nothing past it", async () => {
    expect(await take(3)).toBe(3);
    expect(await take(3)).toBe(2);
    expect(await take(1)).toBe(0);
    // Refused units are counted too: they only make the window fuller.
    expect(await used()).toBe(7);
  });

  it("starts the window again once its span has passed", async () => {
    await database.db.execute(
      sql`update account_quotas set window_start = now() - interval '61 seconds' where user_id = ${userId} and name = 'probe'`,
    );
    expect(await take(2)).toBe(2);
    expect(await used()).toBe(2);
    expect(await take(4)).toBe(3);
  });
});
