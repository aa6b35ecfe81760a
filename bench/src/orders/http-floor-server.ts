import { createHash } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import pg from "pg";
import { closeOnSigterm } from "../lib/floor-server.js";

/*
 * The HTTP floor's server (http-floor.ts): the full baseline's SQL functions behind the least an
 * HTTP API can be. The same routes, bodies, headers and answers as the app's trade, a bearer
 * token naming the session, the Idempotency-Key and the request's hash passed to the function,
 * and the function's answer sent as it is: no schema, no hooks, no ORM, no presenting in
 * JavaScript. Run as its own process, as the app's server is: `node --import tsx
 * http-floor-server.ts` with DATABASE_URL, DATABASE_POOL_SIZE and PORT.
 */

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) });
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

async function answer(reply: FastifyReply, status: number, sql: string, values: unknown[]) {
  try {
    const { rows } = await pool.query<{ body: string }>(sql, values);
    return reply.code(status).type("application/json").send(rows[0]!.body);
  } catch (err) {
    return reply.code(409).send({ error: { code: "CONFLICT", message: (err as Error).message } });
  }
}

app.post<{ Body: { merchant_id: string; coin: string; naira_amount: string } }>("/api/orders", (request, reply) => {
  const { merchant_id, coin, naira_amount } = request.body;
  return answer(reply, 201, "select bench_create($1, $2, $3, $4, $5, $6, $7) as body", [
    ...caller(request),
    merchant_id,
    coin,
    naira_amount,
    ...keyed(request),
  ]);
});

for (const [path, fn] of [
  ["accept", "bench_accept"],
  ["mark-paid", "bench_mark_paid"],
  ["confirm-payment", "bench_confirm"],
] as const) {
  app.post<{ Params: Params }>(`/api/orders/:id/${path}`, (request, reply) =>
    answer(reply, 200, `select ${fn}($1, $2, $3, $4, $5) as body`, [...caller(request), request.params.id, ...keyed(request)]),
  );
}

app.get("/api/health", () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
closeOnSigterm(app, pool);
