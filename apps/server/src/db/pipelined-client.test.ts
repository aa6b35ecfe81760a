import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDatabase } from "../../test/harness.js";
import { queryRows, type Database, type Tx } from "./client.js";
import { PipelinedClient } from "./pipelined-client.js";
import { prepared, runLastPrepared, runPrepared } from "./prepared-query.js";
import { isUniqueViolation, savepoint, transact } from "./transact.js";

const url = process.env.DATABASE_URL;

const INSERT = prepared("insert into pipeline_probe (label) values ($1::text)");
/** Another statement, so that its text (not only its name) is on the wire the first time. */
const FIRST = prepared("insert into pipeline_probe (label) select $1::text");
const labels = async (db: Database["db"]) =>
  (await queryRows<{ label: string }>(db, sql`select label from pipeline_probe order by id`)).map((r) => r.label);

/**
 * A transaction's BEGIN and COMMIT ride with its first and last statements on PostgreSQL
 * (pipelined-client.ts). What must hold: nothing of a transaction whose last statement fails is
 * kept, nothing runs after the COMMIT written behind the last statement, and a statement is only
 * "last" where no caller can follow it with more.
 */
describe.skipIf(!url)("a transaction's BEGIN and COMMIT written with its statements", () => {
  let database: Database & { drop(): Promise<void> };
  let db: Database["db"];

  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    await db.execute(sql`create table pipeline_probe (id serial primary key, label text not null unique)`);
  });
  afterAll(() => database?.drop());

  it("writes BEGIN with the first statement and COMMIT with the last, each pair in one write to the socket", async () => {
    const wire: string[] = [];
    await transact(db, async (tx) => {
      const client = clientOf(tx);
      expect(client).toBeInstanceOf(PipelinedClient);
      const stream = (client as unknown as { connection: { stream: SocketWrites } }).connection.stream;
      const onData = (chunk: Buffer) => wire.push(`answer ${firstWords(chunk)}`);
      stream.on("data", onData);
      // Each call of _write or _writev is one write to the socket.
      const { _write, _writev } = stream;
      stream._write = (chunk, encoding, done) => {
        wire.push(`write ${statementsIn([chunk])}`);
        _write.call(stream, chunk, encoding, done);
      };
      stream._writev = (chunks, done) => {
        wire.push(`write ${statementsIn(chunks.map((c) => c.chunk))}`);
        _writev.call(stream, chunks, done);
      };
      // BEGIN was answered when transact began, but is not written yet.
      await runPrepared(tx, FIRST, ["wire-one"]);
      wire.push("first answered");
      await runLastPrepared(tx, INSERT, ["wire-two"]);
      wire.push("last answered");
      stream._write = _write;
      stream._writev = _writev;
      stream.off("data", onData);
    });
    // BEGIN and the first statement went out together, before BEGIN's answer came.
    expect(wire[0]).toBe("write begin insert");
    expect(wire.indexOf("answer begin")).toBeGreaterThan(0);
    // The last statement and COMMIT went out together, after the first statement was answered.
    expect(wire.filter((w) => w.startsWith("write"))).toEqual(["write begin insert", "write insert commit"]);
    expect(wire.indexOf("write insert commit")).toBeGreaterThan(wire.indexOf("first answered"));
    expect(await labels(db)).toEqual(expect.arrayContaining(["wire-one", "wire-two"]));
  });

  it("keeps nothing of a transaction whose last statement fails", async () => {
    await runPrepared(db, INSERT, ["taken"]);
    await expect(
      transact(db, async (tx) => {
        await runPrepared(tx, INSERT, ["before-the-failure"]);
        await runLastPrepared(tx, INSERT, ["taken"]);
      }),
    ).rejects.toSatisfy((err) => isUniqueViolation(err));
    expect(await labels(db)).not.toContain("before-the-failure");
    // The connection went back to the pool clean: the next transaction on it works.
    await transact(db, (tx) => runLastPrepared(tx, INSERT, ["after-the-failure"]));
    expect(await labels(db)).toContain("after-the-failure");
  });

  it("refuses a statement after the last one, and runs nothing outside the transaction", async () => {
    await expect(
      transact(db, async (tx) => {
        await runLastPrepared(tx, INSERT, ["last"]);
        await runPrepared(tx, INSERT, ["after-the-last"]);
      }),
    ).rejects.toThrow("A statement after the transaction's COMMIT was written: it would run outside the transaction.");
    const kept = await labels(db);
    expect(kept).toContain("last");
    expect(kept).not.toContain("after-the-last");
  });

  it("says so when the work fails after its last statement committed it", async () => {
    await expect(
      transact(db, async (tx) => {
        await runLastPrepared(tx, INSERT, ["committed-then-failed"]);
        throw new Error("a failure after the last statement");
      }),
    ).rejects.toThrow("The transaction was asked to roll back after its last statement had committed it.");
  });

  it("does not commit early where more may follow: a joined transact, or a savepoint", async () => {
    await expect(
      transact(db, async (tx) => {
        await transact(tx, (inner) => runLastPrepared(inner, INSERT, ["joined"]));
        await savepoint(tx, (sp) => runLastPrepared(sp, INSERT, ["in-a-savepoint"]));
        await runPrepared(tx, INSERT, ["then-more"]);
        throw new Error("the outer work fails");
      }),
    ).rejects.toThrow("the outer work fails");
    const kept = await labels(db);
    for (const label of ["joined", "in-a-savepoint", "then-more"]) expect(kept).not.toContain(label);
  });

  it("answers each of many statements written at once with its own rows", async () => {
    const answers = await transact(db, (tx) =>
      Promise.all(Array.from({ length: 20 }, (_, i) => queryRows<{ n: number }>(tx, sql`select ${i}::int as n`))),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("answers a prepared statement run on the pool, rows or error, and hands its connection back", async () => {
    const DIVIDE = prepared("select 12 / $1::int as q, now() as at");
    const [row] = await runPrepared<{ q: number; at: Date }>(db, DIVIDE, [4]);
    expect(row).toEqual({ q: 3, at: expect.any(Date) as Date });
    await expect(runPrepared(db, DIVIDE, [0])).rejects.toMatchObject({ code: "22012" });
    // Far more than the pool holds: every connection went back to it, after an error too.
    const rows = await Promise.all(Array.from({ length: 60 }, (_, i) => runPrepared<{ q: number }>(db, DIVIDE, [i % 2 ? 3 : 6])));
    expect(rows.map((r) => r[0]!.q)).toEqual(Array.from({ length: 60 }, (_, i) => (i % 2 ? 4 : 2)));
  });
});

const clientOf = (tx: Tx) => (tx as unknown as { session: { client: unknown } }).session.client;

type SocketWrites = NodeJS.ReadWriteStream & {
  _write(chunk: Buffer, encoding: BufferEncoding, done: (err?: Error | null) => void): void;
  _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void;
};

/** The statements' first words in what one write sends (a query is several protocol messages). */
function statementsIn(chunks: Buffer[]): string {
  return chunks
    .map(firstWords)
    .filter((word) => word !== "other")
    .join(" ");
}

/** The SQL a protocol message carries, by its first word: enough to tell the statements apart. */
function firstWords(chunk: Buffer): string {
  const text = chunk.toString("latin1").toLowerCase();
  return ["begin", "commit", "rollback", "insert", "select"].find((word) => text.includes(word)) ?? "other";
}
