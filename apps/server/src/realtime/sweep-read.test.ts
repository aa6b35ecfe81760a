import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../../test/harness.js";
import { queryRows, type Database } from "../db/client.js";
import { eventsAfterCursors, eventsAfterCursorsQuery } from "./append-event.js";

/**
 * The sweep reads a share of the topics' cursors four times a second. Each read must cost what
 * those topics wrote since their cursors, not what the whole `events` table holds: a join of the
 * cursors with the table was planned as a hash join over all of it, with statistics or without.
 */
describe("the sweep's read of events after cursors", () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await freshDatabase();
    // 2,000 topics with 20 events each, as after some minutes of chat; the table is analyzed,
    // as autovacuum would have done.
    await queryRows(
      database.db,
      sql`insert into events (topic, type, payload)
          select 'order:' || (g % 2000), 'chat.message', jsonb_build_object('n', g) from generate_series(1, 40000) g`,
    );
    await queryRows(database.db, sql`analyze events`);
  }, 60_000);
  afterAll(() => database?.drop());

  /** The cursors of `topics` topics, each `behind` events before its newest. */
  const cursorsOf = async (topics: number, behind: number) => {
    const rows = await queryRows<{ topic: string; after: string | number }>(
      database.db,
      sql`select topic, id as after from (
            select topic, id, row_number() over (partition by topic order by id desc) as back from events
          ) e where back = ${behind + 1}::int order by topic limit ${topics}`,
    );
    return rows.map((r) => ({ topic: r.topic, after: Number(r.after) }));
  };

  it("reads each cursor's topic by its index, never the whole table", async () => {
    const cursors = await cursorsOf(125, 2);
    const plan = await queryRows<{ "QUERY PLAN": string }>(database.db, sql`explain ${eventsAfterCursorsQuery(cursors, 1000)}`);
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan on events/);
    expect(text).toMatch(/events_topic_id_idx/);
  });

  it("finds every event after each cursor, in id order, up to the limit", async () => {
    const cursors = await cursorsOf(50, 3);
    const found = await eventsAfterCursors(database.db, cursors, 1000);
    expect(found).toHaveLength(150);
    expect(found.map((e) => e.id)).toEqual([...found.map((e) => e.id)].sort((a, b) => a - b));
    const after = new Map(cursors.map((c) => [c.topic, c.after]));
    for (const event of found) expect(event.id).toBeGreaterThan(after.get(event.topic)!);
    // Each event names the one before it in its topic: the cursor for the first.
    const first = found.find((e) => e.topic === cursors[0]!.topic)!;
    expect(first.prev).toBe(cursors[0]!.after);

    const limited = await eventsAfterCursors(database.db, cursors, 40);
    expect(limited.map((e) => e.id)).toEqual(found.slice(0, 40).map((e) => e.id));
  });
});
