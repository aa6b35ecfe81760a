import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { freshDatabase } from "../../test/harness.js";
import { queryRows, type Database } from "./client.js";
import { eventsAfterCursorsQuery } from "../realtime/append-event.js";

const url = process.env.DATABASE_URL;

/** What EXPLAIN says of a statement: its plan, and a "JIT" part when PostgreSQL would compile it. */
async function planOf(db: Database["db"], statement: SQL): Promise<Record<string, unknown>> {
  const [row] = await queryRows<{ "QUERY PLAN": Record<string, unknown>[] }>(db, sql`explain (format json) ${statement}`);
  return row!["QUERY PLAN"][0]!;
}

const totalCost = (plan: Record<string, unknown>) => (plan["Plan"] as { "Total Cost": number })["Total Cost"];

/**
 * PostgreSQL compiles a statement to machine code (JIT) when the planner prices it above
 * `jit_above_cost`, and does so again at every execution of a prepared statement. The app's
 * statements are short: a compilation costs milliseconds of a core for a statement that runs in
 * well under one. The realtime sweep's read, priced from `jsonb_to_recordset`'s default of 100
 * rows and an unanalyzed `events` table, crossed that bound as the table grew and was compiled
 * four times a second.
 */
describe.skipIf(!url)("the app's PostgreSQL connections", () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.drop());

  it("never compile a statement, however costly the planner thinks it", async () => {
    const costly = sql`select count(*) from generate_series(1, 100000) a join generate_series(1, 100000) b on a = b`;
    const plan = await planOf(database.db, costly);
    expect(totalCost(plan)).toBeGreaterThan(100_000);
    expect(plan).not.toHaveProperty("JIT");
  });

  it("read the sweep's events without compiling it over a large, unanalyzed events table", async () => {
    await database.db.execute(sql`
      insert into events (topic, type, payload)
      select 'order:' || (i % 7), 'chat.message', '{}'::jsonb from generate_series(1, 400000) i`);
    const plan = await planOf(database.db, eventsAfterCursorsQuery([{ topic: "order:1", after: 0 }], 1000));
    expect(totalCost(plan)).toBeGreaterThan(100_000);
    expect(plan).not.toHaveProperty("JIT");
  });
});
