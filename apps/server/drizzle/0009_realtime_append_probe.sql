-- append_events (0008) read each topic's previous event id with max(id) ... group by topic, which
-- PostgreSQL answers by reading every index entry of the topic: on a busy topic (admin, merchants,
-- a long chat) that grew with the topic and ran under the topic's lock. Now one backward index
-- probe per topic (events_topic_id_idx, limit 1). Same locks, same snapshot rule, same rows.
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
    SELECT t.topic, (SELECT e.id FROM "events" e WHERE e.topic = t.topic ORDER BY e.id DESC LIMIT 1) AS max_id
    FROM (SELECT DISTINCT i.topic FROM i) t
  ), ins AS (
    INSERT INTO "events" ("topic", "type", "payload")
    SELECT i.topic, i.type, i.payload FROM i ORDER BY i.ord
    RETURNING "events"."id", "events"."topic", "events"."type", "events"."payload"
  )
  SELECT ins.id, ins.topic, ins.type, ins.payload, b.max_id FROM ins LEFT JOIN b ON b.topic = ins.topic ORDER BY ins.id;
END
$$;
