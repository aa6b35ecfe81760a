-- Realtime events in one round trip (apps/server/src/realtime/append-event.ts): each topic's
-- advisory lock in one sorted order, held until commit; then, in a new statement (so a new
-- snapshot that sees every event of those topics committed before the locks were granted), the
-- rows are inserted and each topic's previous event id is read. A VOLATILE function takes a fresh
-- snapshot per statement, which two statements from the client would otherwise need.
CREATE OR REPLACE FUNCTION "append_events"("input" jsonb)
RETURNS TABLE ("event_id" bigint, "event_topic" text, "event_type" text, "event_payload" jsonb, "topic_before" bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(s.t, 0))
  FROM (SELECT DISTINCT x.topic AS t FROM jsonb_to_recordset("input") AS x(topic text) ORDER BY 1) s;
  RETURN QUERY
  WITH i AS (
    SELECT x.ord, x.topic, x.type, x.payload FROM jsonb_to_recordset("input") AS x(ord int, topic text, type text, payload jsonb)
  ), b AS (
    SELECT e.topic, max(e.id) AS max_id FROM "events" e WHERE e.topic IN (SELECT i.topic FROM i) GROUP BY e.topic
  ), ins AS (
    INSERT INTO "events" ("topic", "type", "payload")
    SELECT i.topic, i.type, i.payload FROM i ORDER BY i.ord
    RETURNING "events"."id", "events"."topic", "events"."type", "events"."payload"
  )
  SELECT ins.id, ins.topic, ins.type, ins.payload, b.max_id FROM ins LEFT JOIN b ON b.topic = ins.topic ORDER BY ins.id;
END
$$;
