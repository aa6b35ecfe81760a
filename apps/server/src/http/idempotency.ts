import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { idempotencyKeys } from "../db/schema.js";
import { transact } from "../ledger/transact.js";
import { AppError } from "./errors.js";

export type Answer = { status: number; body: unknown };
/** An answer as sent: its status and the exact JSON text. */
type SentAnswer = { status: number; json: string };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs a money-moving request at most once per (user, Idempotency-Key) (DESIGN §2).
 *
 * The key row is inserted first, inside the request's own transaction: a concurrent duplicate
 * blocks on the primary key until the first commits, then finds the stored answer and replays
 * it. A refused request (4xx) rolls back and its answer is stored on its own, so a retry gets the
 * same refusal; a crash (5xx) stores nothing and the retry runs afresh. The same key with another
 * request is 422 IDEMPOTENCY_KEY_REUSED.
 */
export async function answerOnce(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: (tx: Db | Tx) => Promise<Answer>,
): Promise<FastifyReply> {
  const header = req.headers["idempotency-key"];
  if (header === undefined) return send(reply, serialize(await run(db)));
  const key = Array.isArray(header) ? header[0]! : header;
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("VALIDATION_FAILED", "Idempotency-Key must be 1 to 200 visible ASCII characters.");
  }
  const requestHash = hashRequest(req);

  try {
    const result = await transact(db, async (tx): Promise<{ answer: SentAnswer; replayed: boolean }> => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return { answer: await storedAnswer(tx, userId, key, requestHash), replayed: true };
      const fresh = serialize(await run(tx));
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: fresh.status, responseBody: fresh.json })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return { answer: fresh, replayed: false };
    });
    return send(reply, result.answer, result.replayed);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500 || err.code === "IDEMPOTENCY_KEY_REUSED") throw err;
    const refusal = serialize({ status: err.status, body: { error: { code: err.code, message: err.message, fields: err.fields } } });
    const stored = await transact(db, async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash, responseStatus: refusal.status, responseBody: refusal.json })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return claimed.length ? null : storedAnswer(tx, userId, key, requestHash);
    });
    return send(reply, stored ?? refusal, stored !== null);
  }
}

async function storedAnswer(tx: Tx, userId: string, key: string, requestHash: string): Promise<SentAnswer> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.responseStatus === null || row.responseBody === null) throw new Error("idempotency key row without an answer");
  if (row.requestHash !== requestHash) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different request.");
  }
  return { status: row.responseStatus, json: row.responseBody };
}

const serialize = (answer: Answer): SentAnswer => ({ status: answer.status, json: JSON.stringify(answer.body) });

function send(reply: FastifyReply, answer: SentAnswer, replayed = false): FastifyReply {
  if (replayed) reply.header("Idempotent-Replayed", "true");
  return reply.status(answer.status).type("application/json; charset=utf-8").send(answer.json);
}

/** The method, the path with its ids, and the body with keys sorted: what "the same request" means. */
function hashRequest(req: FastifyRequest): string {
  const path = req.url.split("?")[0];
  return createHash("sha256").update(`${req.method} ${path}\n${canonicalJson(req.body ?? null)}`).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

