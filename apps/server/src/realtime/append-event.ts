import { sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../db/client.js";

/** An event as stored and as published: `prev` is the topic's previous event id (0 for none). */
export type EventRow = { id: number; topic: string; type: string; payload: unknown; prev: number };
export type NewEvent = { topic: string; type: string; payload: unknown };

/** Events appended by a transaction, published once it commits (see `transact`). */
const pending = new WeakMap<object, EventRow[]>();
/** The publisher of each open database: the realtime hub of the app that owns it. */
const publishers = new WeakMap<object, (events: EventRow[]) => void>();

export function setEventPublisher(db: Db, publish: ((events: EventRow[]) => void) | null): void {
  if (publish) publishers.set(db, publish);
  else publishers.delete(db);
}

/** Called by `transact` around every top-level transaction. */
export function trackEvents(tx: Tx): EventRow[] {
  const list: EventRow[] = [];
  pending.set(tx, list);
  return list;
}

/** After commit: hand the transaction's events to the bus. Never throws (the sweep covers a lost publish). */
export function publishCommitted(db: Db | Tx, events: EventRow[]): void {
  if (events.length === 0) return;
  try {
    publishers.get(db)?.(events);
  } catch {
    // A failed publish only delays delivery: every hub sweeps the table for what it missed.
  }
}

export function appendEvent(tx: Tx, topic: string, type: string, payload: unknown): Promise<EventRow[]> {
  return appendEvents(tx, [{ topic, type, payload }]);
}

/**
 * Writes events in the caller's transaction. Each topic's advisory lock is taken first (in one
 * sorted order, so writers never deadlock on them) and held until commit: within a topic, ids are
 * then allocated and committed in the same order, which makes "events after id N" a gap-free
 * resume and lets subscribers detect a missed event by `prev`.
 */
export async function appendEvents(tx: Tx, list: NewEvent[]): Promise<EventRow[]> {
  if (list.length === 0) return [];
  const topics = [...new Set(list.map((e) => e.topic))].sort();
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(t, 0))
    from (select t from jsonb_array_elements_text(${JSON.stringify(topics)}::jsonb) as t order by t) s`);
  const input = list.map((e, ord) => ({ ord, topic: e.topic, type: e.type, payload: e.payload ?? null }));
  const rows = await queryRows<{ id: string | number; topic: string; type: string; payload: unknown; before: string | number | null }>(
    tx,
    sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(ord int, topic text, type text, payload jsonb)
      ), before as (
        select e.topic, max(e.id) as max_id from events e where e.topic in (select topic from input) group by e.topic
      ), ins as (
        insert into events (topic, type, payload)
        select topic, type, payload from input order by ord
        returning id, topic, type, payload
      )
      select ins.id, ins.topic, ins.type, ins.payload, before.max_id as before
      from ins left join before using (topic) order by ins.id`,
  );
  const lastOf = new Map<string, number>();
  const events = rows.map((r): EventRow => {
    const id = Number(r.id);
    const prev = lastOf.get(r.topic) ?? Number(r.before ?? 0);
    lastOf.set(r.topic, id);
    return { id, topic: r.topic, type: r.type, payload: r.payload, prev };
  });
  pending.get(tx)?.push(...events);
  return events;
}

/** Events of a topic after an id, in order (replay and catch-up). */
export async function eventsAfter(db: Db, topic: string, afterId: number, limit: number): Promise<EventRow[]> {
  const rows = await queryRows<{ id: string | number; topic: string; type: string; payload: unknown }>(
    db,
    sql`select id, topic, type, payload from events where topic = ${topic} and id > ${afterId} order by id limit ${limit}`,
  );
  return withPrev(rows, afterId);
}

/** For each topic and its cursor, the events after the cursor (the periodic sweep), in id order. */
export async function eventsAfterCursors(db: Db, cursors: { topic: string; after: number }[], limit: number): Promise<EventRow[]> {
  if (cursors.length === 0) return [];
  const rows = await queryRows<{ id: string | number; topic: string; type: string; payload: unknown }>(
    db,
    sql`
      select e.id, e.topic, e.type, e.payload
      from jsonb_to_recordset(${JSON.stringify(cursors)}::jsonb) as c(topic text, after bigint)
      join events e on e.topic = c.topic and e.id > c.after
      order by e.id limit ${limit}`,
  );
  const firstPrev = new Map(cursors.map((c) => [c.topic, c.after]));
  const lastOf = new Map<string, number>();
  return rows.map((r) => {
    const id = Number(r.id);
    const prev = lastOf.get(r.topic) ?? firstPrev.get(r.topic) ?? 0;
    lastOf.set(r.topic, id);
    return { id, topic: r.topic, type: r.type, payload: r.payload, prev };
  });
}

export async function lastEventId(db: Db, topic: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(db, sql`select max(id) as id from events where topic = ${topic}`);
  return Number(row?.id ?? 0);
}

function withPrev(rows: { id: string | number; topic: string; type: string; payload: unknown }[], after: number): EventRow[] {
  let prev = after;
  return rows.map((r) => {
    const id = Number(r.id);
    const row = { id, topic: r.topic, type: r.type, payload: r.payload, prev };
    prev = id;
    return row;
  });
}
