import { createHash } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import pg from "pg";
import { PipelinedClient } from "../../../apps/server/src/db/pipelined-client.js";
import { closeOnSigterm } from "../lib/floor-server.js";
import { TRANSITIONS, type Transition } from "./config.js";

/*
 * The HTTP floor's server (http-floor.ts): the full baseline's SQL functions behind the least an
 * HTTP API can be. The same routes, bodies, headers and answers as the app's trade, a bearer
 * token naming the session, the Idempotency-Key and the request's hash passed to the function,
 * and the function's answer sent as it is: no schema, no hooks, no ORM, no presenting in
 * JavaScript. Run as its own process, as the app's server is: `node --import tsx
 * http-floor-server.ts` with DATABASE_URL, DATABASE_POOL_SIZE and PORT.
 *
 * With FLOOR_ROUND_TRIPS set ("create,accept,mark_paid,confirm" counts, as `bench orders` counts
 * the app's), each call is instead the last of that many round trips of one transaction, the
 * ones before it `select $1::int` (with a parameter, as the app's statements have), on the app's
 * connection (db/pipelined-client.ts: BEGIN written with the first statement, COMMIT with the
 * last): the floor with the app's round trips and nothing else of the app, to tell what those
 * cost from what the app's own work does.
 */

const counts = process.env.FLOOR_ROUND_TRIPS?.split(",").map(Number);
const ROUND_TRIPS = counts && (Object.fromEntries(TRANSITIONS.map((t, i) => [t, counts[i]!])) as Record<Transition, number>);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE),
  ...(ROUND_TRIPS ? { Client: PipelinedClient } : {}),
});
const app = Fastify({ logger: { level: "warn" } });

type Params = { id: string };

/** The bearer token is "<session id>.<user id>": the functions check the session row as the app does. */
function caller(request: FastifyRequest): [string, string] {
  const [sid, uid] = (request.headers.authorization ?? "").replace(/^Bearer /, "").split(".");
  return [sid ?? "", uid ?? ""];
}

function keyed(request: FastifyRequest): [string, string] {
  const key = String(request.headers["idempotency-key"] ?? "");
  return [
    key,
    createHash("sha256")
      .update(JSON.stringify(request.body ?? null))
      .digest("hex"),
  ];
}

/** The transition's function call, alone, or as the last of `roundTrips` in one transaction. */
async function call(sql: string, values: unknown[], roundTrips: number | undefined): Promise<{ body: string }[]> {
  if (!roundTrips) return (await pool.query<{ body: string }>(sql, values)).rows;
  const client = await pool.connect();
  try {
    await client.query("begin");
    for (let i = 1; i < roundTrips; i++) await client.query("select $1::int", [i]);
    const { rows } = await (client as unknown as PipelinedClient).queryThenCommit({ text: sql, values });
    await client.query("commit");
    return rows as { body: string }[];
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
}

async function answer(reply: FastifyReply, status: number, sql: string, values: unknown[], roundTrips: number | undefined) {
  try {
    const rows = await call(sql, values, roundTrips);
    return reply.code(status).type("application/json").send(rows[0]!.body);
  } catch (err) {
    return reply.code(409).send({ error: { code: "CONFLICT", message: (err as Error).message } });
  }
}

app.post<{ Body: { merchant_id: string; coin: string; naira_amount: string } }>("/api/orders", (request, reply) => {
  const { merchant_id, coin, naira_amount } = request.body;
  return answer(
    reply,
    201,
    "select bench_create($1, $2, $3, $4, $5, $6, $7) as body",
    [...caller(request), merchant_id, coin, naira_amount, ...keyed(request)],
    ROUND_TRIPS?.create,
  );
});

for (const [path, fn, transition] of [
  ["accept", "bench_accept", "accept"],
  ["mark-paid", "bench_mark_paid", "mark_paid"],
  ["confirm-payment", "bench_confirm", "confirm"],
] as const) {
  app.post<{ Params: Params }>(`/api/orders/:id/${path}`, (request, reply) =>
    answer(
      reply,
      200,
      `select ${fn}($1, $2, $3, $4, $5) as body`,
      [...caller(request), request.params.id, ...keyed(request)],
      ROUND_TRIPS?.[transition],
    ),
  );
}

app.get("/api/health", () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
closeOnSigterm(app, pool);
