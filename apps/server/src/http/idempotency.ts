import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { idempotencyKeys } from "../db/schema.js";
import { prepared, runLastPrepared } from "../db/prepared-query.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { takeAppended, takeQueuedEvents, type AppendedRow } from "../realtime/append-event.js";
import { AppError } from "./errors.js";
import { requireProven, type SessionProof } from "../auth/session-proof.js";

export type Answer = { status: number; body: unknown };
/** An answer as sent: its status and the exact JSON text. */
type SentAnswer = { status: number; json: string };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs a money-moving request at most once per (user, Idempotency-Key) (DESIGN §2).
 *
 * The request runs in its own transaction, which ends by inserting the key row with the answer
 * (one statement). A concurrent duplicate runs too, but its key insert waits on the primary key
 * until the first commits and then fails, which rolls back everything it did; it replays the
 * stored answer instead. Whichever stores an answer first decides it for every copy, so all get
 * the same answer and the work happens once. A refused request (4xx) rolls back and its answer is
 * stored on its own, so a retry gets the same refusal; a crash (5xx) stores nothing and the retry
 * runs afresh. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED.
 *
 * With `proof` (a caller taken on their token's word: auth/session-proof.ts) the work commits only
 * once its statements proved the session, and nothing else is answered: a refusal is not stored,
 * a stored answer not replayed, and any error is the caller's to rerun the request as before.
 */
export async function answerOnce(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: (tx: Db | Tx) => Promise<Answer>,
  proof?: SessionProof,
): Promise<FastifyReply> {
  const claim = idempotencyKeyOf(req);
  if (!claim && proof) return send(reply, answered(proof, await transact(db, async (tx) => proven(proof, serialize(await run(tx))))));
  if (!claim) return send(reply, serialize(await run(db)));
  const { key, requestHash } = claim;

  try {
    const fresh = await transact(db, async (tx) => {
      const answer = proven(proof, serialize(await run(tx)));
      await storeAnswer(tx, [userId, key, requestHash, answer.status, answer.json]);
      return answer;
    });
    return send(reply, answered(proof, fresh));
  } catch (err) {
    if (proof) throw err;
    if (isUniqueViolation(err, KEY_CONSTRAINT)) return send(reply, await storedAnswer(db, userId, key, requestHash), true);
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

/**
 * A request's Idempotency-Key and the hash of what it asks (what "the same request" means).
 * `answer`: the answer's JSON text, once work that claims the key in its own statement stored it.
 */
export type KeyClaim = { key: string; requestHash: string; answer?: string };

/**
 * The request's Idempotency-Key with its request's hash, or undefined when it carries none; a
 * malformed key is refused. Work that stores its own answer under the key in its statement (a
 * chat message: chat/insert-chat-messages.ts) stores it as `answerOnce` would, so a retry of it
 * is answered by `answerOnce` alike.
 */
export function idempotencyKeyOf(req: FastifyRequest): KeyClaim | undefined {
  const header = req.headers["idempotency-key"];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0]! : header;
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("VALIDATION_FAILED", "Idempotency-Key must be 1 to 200 visible ASCII characters.");
  }
  return { key, requestHash: hashRequest(req) };
}

const KEY_CONSTRAINT = "idempotency_keys_user_id_key_pk";
const INSERT_KEY =
  "insert into idempotency_keys (user_id, key, request_hash, response_status, response_body) values ($1::uuid, $2::text, $3::text, $4::int, $5::text)";
const STORE_ANSWER = prepared(INSERT_KEY);
const STORE_ANSWER_AND_EVENTS = prepared(`with k as (${INSERT_KEY}) select * from append_events($6::jsonb)`);

/** The key row with its answer, and the realtime events the request queued: its last statement, COMMIT behind it. */
async function storeAnswer(tx: Tx, values: unknown[]): Promise<void> {
  const events = takeQueuedEvents(tx);
  if (!events) await runLastPrepared(tx, STORE_ANSWER, values);
  else takeAppended(tx, await runLastPrepared<AppendedRow>(tx, STORE_ANSWER_AND_EVENTS, [...values, events]));
}

async function storedAnswer(tx: Db | Tx, userId: string, key: string, requestHash: string): Promise<SentAnswer> {
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

/** The answer, once the work behind it proved the caller's session, if it had to. */
function proven(proof: SessionProof | undefined, answer: SentAnswer): SentAnswer {
  requireProven(proof);
  return answer;
}

/** The answer of committed work, about to be sent: whatever happens to the reply now, the request is done. */
function answered(proof: SessionProof | undefined, answer: SentAnswer): SentAnswer {
  if (proof) proof.answered = true;
  return answer;
}

const serialize = (answer: Answer): SentAnswer => ({ status: answer.status, json: JSON.stringify(answer.body) });

/** The answer a statement stored with the key it claimed (`KeyClaim.answer`), sent as stored, byte for byte as a replay will be. */
export function sendClaimedAnswer(reply: FastifyReply, status: number, json: string): FastifyReply {
  return send(reply, { status, json });
}

function send(reply: FastifyReply, answer: SentAnswer, replayed = false): FastifyReply {
  if (replayed) reply.header("Idempotent-Replayed", "true");
  return reply.status(answer.status).type("application/json; charset=utf-8").send(answer.json);
}

/** The method, the path with its ids, and the body with keys sorted: what "the same request" means. */
function hashRequest(req: FastifyRequest): string {
  const path = req.url.split("?")[0];
  return createHash("sha256")
    .update(`${req.method} ${path}\n${canonicalJson(req.body ?? null)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
