import { sql, type SQL } from "drizzle-orm";
import type { RealtimeEventMap, RealtimeEventName } from "@p2p/shared";
import { queryRows, txContext, type Db, type Tx } from "../db/client.js";
import { prepared, runLastPrepared, runPrepared } from "../db/prepared-query.js";
import type { EventRow, NewEvent } from "./event-types.js";

/** The publisher of each open database: the realtime hub of the app that owns it. */
const publishers = new WeakMap<object, (events: EventRow[]) => void>();

export function setEventPublisher(db: Db, publish: ((events: EventRow[]) => void) | null): void {
  if (publish) publishers.set(db, publish);
  else publishers.delete(db);
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

export type AppendedRow = {
  event_id: string | number;
  event_topic: string;
  event_type: string;
  event_payload: unknown;
  topic_before: string | number | null;
};

export function appendEvent<E extends RealtimeEventName>(tx: Tx, topic: string, type: E, payload: RealtimeEventMap[E]): Promise<void> {
  // The signature pairs `type` and `payload`; TypeScript cannot see that pair as one NewEvent for a generic E.
  return appendEvents(tx, [{ topic, type, payload } as NewEvent]);
}

/**
 * Adds events to the caller's transaction. In a transaction `transact` runs they are queued and
 * written by its last statement (`flushEvents`, or the Idempotency-Key's answer, which writes
 * them with it: `takeQueuedEvents`), so a transaction's events cost at most one round trip and
 * its topics' locks are the last it takes; elsewhere they are written at once.
 */
export async function appendEvents(tx: Tx, list: NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  const queue = txContext(tx)?.queuedEvents;
  if (queue) queue.push(...list);
  else await writeEvents(tx, list);
}

/** Writes the events `appendEvents` queued in a transaction of `transact`: its last statement, COMMIT behind it. */
export async function flushEvents(tx: Tx): Promise<void> {
  const input = takeQueuedEvents(tx);
  if (input) takeAppended(tx, await runLastPrepared<AppendedRow>(tx, APPEND, [input]));
}

const APPEND = prepared("select * from append_events($1::jsonb)");

/**
 * The events queued in a transaction as `append_events`' JSON input, null when there are none;
 * they are no longer queued, so the caller's statement must write them and hand its rows to
 * `takeAppended`.
 */
export function takeQueuedEvents(tx: Db | Tx): string | null {
  const context = txContext(tx);
  if (!context || context.queuedEvents.length === 0) return null;
  const input = appendInput(context.queuedEvents);
  context.queuedEvents = [];
  return input;
}

/**
 * Writes events in the caller's transaction now, in one round trip (the `append_events` function,
 * migrations 0008–0009). Each topic's advisory lock is taken first (in one sorted order, so
 * writers never deadlock on them) and held until commit: within a topic, ids are then allocated
 * and committed in the same order, which makes "events after id N" a gap-free resume and lets
 * subscribers detect a missed event by `prev`. The function reads each topic's previous id (one
 * index probe) in a statement after the locks, so it sees the event committed by the writer it
 * waited for.
 */
export function writeEvents(tx: Tx, list: NewEvent[]): Promise<EventRow[]> {
  return writeInput(tx, appendInput(list));
}

async function writeInput(tx: Tx, input: string): Promise<EventRow[]> {
  const found = await runPrepared<AppendedRow>(tx, APPEND, [input]);
  const events = eventRowsOf(found);
  txContext(tx)?.writtenEvents.push(...events);
  return events;
}

function appendInput(list: NewEvent[]): string {
  return JSON.stringify(list.map((e, ord) => ({ ord, topic: e.topic, type: e.type, payload: e.payload ?? null })));
}

/**
 * Events a single statement appended by calling `append_events` itself (a CTE of an insert, with
 * its rows as `AppendedRow`s). On its own the statement was its own transaction, so its events are
 * published now; inside a transaction they wait for its commit like `appendEvents`'.
 */
export function takeAppended(db: Db | Tx, found: AppendedRow[]): EventRow[] {
  const events = eventRowsOf(found);
  const context = txContext(db);
  if (context) context.writtenEvents.push(...events);
  else publishCommitted(db, events);
  return events;
}

function eventRowsOf(found: AppendedRow[]): EventRow[] {
  const lastOf = new Map<string, number>();
  return found.map((r): EventRow => {
    const id = Number(r.event_id);
    const prev = lastOf.get(r.event_topic) ?? Number(r.topic_before ?? 0);
    lastOf.set(r.event_topic, id);
    return { id, topic: r.event_topic, type: r.event_type, payload: r.event_payload, prev };
  });
}

/** Events of a topic after an id, in order (replay and catch-up). */
export async function eventsAfter(db: Db, topic: string, afterId: number, limit: number): Promise<EventRow[]> {
  const rows = await queryRows<{ id: string | number; topic: string; type: string; payload: unknown }>(
    db,
    sql`select id, topic, type, payload from events where topic = ${topic} and id > ${afterId} order by id limit ${limit}`,
  );
  return withPrev(rows, afterId);
}

/** Each topic written after an id, with its newest event id (the sweep's look at what is new). */
export async function topicsWrittenAfter(db: Db, afterId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ topic: string; last: string | number }>(
    db,
    sql`select topic, max(id) as last from events where id > ${afterId} group by topic`,
  );
  return new Map(rows.map((r) => [r.topic, Number(r.last)]));
}

/** The newest event id of all topics, 0 when there is none. */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(db, sql`select max(id) as id from events`);
  return Number(row?.id ?? 0);
}

/** Where a reader of a topic stands: its events after `after` are the ones it has not seen. */
export type TopicCursor = { topic: string; after: number };

/** For each topic and its cursor, the events after the cursor (the periodic sweep), in id order. */
export async function eventsAfterCursors(db: Db, cursors: TopicCursor[], limit: number): Promise<EventRow[]> {
  if (cursors.length === 0) return [];
  const rows = await queryRows<{ id: string | number; topic: string; type: string; payload: unknown }>(db, eventsAfterCursorsQuery(cursors, limit));
  const firstPrev = new Map(cursors.map((c) => [c.topic, c.after]));
  const lastOf = new Map<string, number>();
  return rows.map((r) => {
    const id = Number(r.id);
    const prev = lastOf.get(r.topic) ?? firstPrev.get(r.topic) ?? 0;
    lastOf.set(r.topic, id);
    return { id, topic: r.topic, type: r.type, payload: r.payload, prev };
  });
}

/**
 * The sweep's statement: each cursor's topic read after it on the (topic, id) index, at most
 * `limit` events a topic, then the first `limit` of them all. A join of the cursors with `events`
 * was planned as a hash join over the whole table (the cursors' count and `id > after` cannot be
 * estimated, with statistics or without), so each sweep cost what the table held.
 */
export function eventsAfterCursorsQuery(cursors: TopicCursor[], limit: number): SQL {
  return sql`
    select e.id, e.topic, e.type, e.payload
    from jsonb_to_recordset(${JSON.stringify(cursors)}::jsonb) as c(topic text, after bigint)
    cross join lateral (
      select id, topic, type, payload from events where topic = c.topic and id > c.after order by id limit ${limit}
    ) e
    order by e.id limit ${limit}`;
}

/** Each topic's newest event id, 0 for a topic without events: one look a topic on the (topic, id) index. */
const LAST_EVENT_IDS = prepared(
  "select t.topic, coalesce((select max(e.id) from events e where e.topic = t.topic), 0) as id from unnest($1::text[]) as t(topic)",
);

export async function lastEventIds(db: Db, topics: readonly string[]): Promise<Record<string, number>> {
  const rows = await runPrepared<{ topic: string; id: string | number }>(db, LAST_EVENT_IDS, [topics]);
  return Object.fromEntries(rows.map((r) => [r.topic, Number(r.id)]));
}

export async function lastEventId(db: Db, topic: string): Promise<number> {
  return (await lastEventIds(db, [topic]))[topic] ?? 0;
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
