import Fastify from "fastify";
import pg from "pg";
import { WebSocket, WebSocketServer } from "ws";
import { closeOnSigterm } from "../lib/floor-server.js";

/*
 * The realtime benchmark's HTTP floor, run in its own process as the app's server is: the least an
 * HTTP API can do to store a chat message and hand it to the other party's socket. POST
 * /api/orders/:id/messages with a bearer token "<session id>.<user id>" runs one statement, the
 * commit floor's insert made conditional on the session row, and sends the stored message as an
 * event frame to the sockets following that order (`/realtime?order=<id>`), then answers 201. No
 * schema, no hooks, no ORM, no rights beyond the session, no notification, no replay.
 * `node --import tsx http-floor-server.ts` with DATABASE_URL, DATABASE_POOL_SIZE and PORT;
 * the bench creates its tables and sessions first (http-floor.ts, `runHttpFloor`).
 */

const INSERT = `insert into floor_messages (order_id, sender_id, content)
  select $1::uuid, $2::uuid, $3 where exists (select 1 from floor_sessions where id = $4::uuid and user_id = $2::uuid)
  returning id, created_at`;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) });
const app = Fastify({ logger: { level: "warn" } });
const following = new Map<string, Set<WebSocket>>();

app.post<{ Params: { id: string }; Body: { content: string } }>("/api/orders/:id/messages", async (request, reply) => {
  const [sessionId, userId] = (request.headers.authorization ?? "").replace(/^Bearer /, "").split(".");
  const { id: orderId } = request.params;
  const { content } = request.body;
  const { rows } = await pool.query<{ id: string; created_at: Date }>({
    name: "floor_message",
    text: INSERT,
    values: [orderId, userId, content, sessionId],
  });
  const row = rows[0];
  if (!row) return reply.code(401).send({ error: { code: "UNAUTHENTICATED", message: "Sign in." } });
  const message = { id: row.id, order_id: orderId, sender_id: userId, content, created_at: row.created_at.toISOString() };
  const frame = JSON.stringify({ type: "event", id: Number(row.id), topic: `order:${orderId}`, event: "chat.message", payload: message });
  for (const ws of following.get(orderId) ?? []) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  return reply.code(201).send({ message });
});
app.get("/api/health", () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
const sockets = new WebSocketServer({ server: app.server, path: "/realtime", perMessageDeflate: false });
sockets.on("connection", (ws, req) => {
  const orderId = new URL(req.url ?? "/", "http://floor").searchParams.get("order") ?? "";
  const set = following.get(orderId) ?? new Set<WebSocket>();
  set.add(ws);
  following.set(orderId, set);
  ws.on("close", () => set.delete(ws));
});
closeOnSigterm(app, pool);
