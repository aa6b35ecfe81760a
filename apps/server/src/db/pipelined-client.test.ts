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

  it("writes BEGIN with the first statement and COMMIT with the last, each under the statement's one Sync", async () => {
    const writes: Message[][] = [];
    const answers: Buffer[] = [];
    await transact(db, async (tx) => {
      const client = clientOf(tx);
      expect(client).toBeInstanceOf(PipelinedClient);
      const stream = (client as unknown as { connection: { stream: SocketWrites } }).connection.stream;
      const onData = (chunk: Buffer) => answers.push(chunk);
      stream.on("data", onData);
      // Each call of _write or _writev is one write to the socket.
      const { _write, _writev } = stream;
      stream._write = (chunk, encoding, done) => {
        writes.push(messagesIn(chunk));
        _write.call(stream, chunk, encoding, done);
      };
      stream._writev = (chunks, done) => {
        writes.push(messagesIn(Buffer.concat(chunks.map((c) => c.chunk))));
        _writev.call(stream, chunks, done);
      };
      // BEGIN was answered when transact began, but is not written yet.
      await runPrepared(tx, FIRST, ["wire-one"]);
      await runLastPrepared(tx, INSERT, ["wire-two"]);
      stream._write = _write;
      stream._writev = _writev;
      stream.off("data", onData);
    });
    // Two writes: BEGIN with the first statement, the last statement with COMMIT. A connection's
    // first transaction also prepares BEGIN and COMMIT first, under a Sync of their own.
    expect(writes).toHaveLength(2);
    const [first, last] = writes.map(outline);
    const preparesVerbs = first![0] === "P p2p_begin";
    expect(first).toEqual([...(preparesVerbs ? ["P p2p_begin", "P p2p_commit", "S"] : []), "B p2p_begin", "E", "B " + FIRST.name, "D", "E", "S"]);
    expect(last).toEqual(["B " + INSERT.name, "D", "E", "B p2p_commit", "E", "S"]);
    // So PostgreSQL answered each write at one ReadyForQuery (each is flushed to the socket), not
    // at four: after BEGIN, the first statement, the last, and COMMIT.
    const readyForQuery = messagesIn(Buffer.concat(answers)).filter((m) => m.type === "Z");
    expect(readyForQuery).toHaveLength(preparesVerbs ? 3 : 2);
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

  it("keeps nothing when COMMIT itself fails, and says why", async () => {
    // A deferred foreign key is checked at COMMIT: the last statement succeeds, its COMMIT fails.
    await db.execute(sql`create table pipeline_parent (id int primary key)`);
    await db.execute(sql`create table pipeline_child (parent_id int not null references pipeline_parent (id) deferrable initially deferred)`);
    const ORPHAN = prepared("insert into pipeline_child (parent_id) values ($1::int)");
    await expect(
      transact(db, async (tx) => {
        await runPrepared(tx, INSERT, ["before-a-failed-commit"]);
        await runLastPrepared(tx, ORPHAN, [404]);
      }),
    ).rejects.toMatchObject({ code: "23503" });
    expect(await labels(db)).not.toContain("before-a-failed-commit");
    expect(await queryRows(db, sql`select * from pipeline_child`)).toEqual([]);
    // A transaction of one statement is one round trip: BEGIN, the statement and COMMIT.
    await transact(db, (tx) => runLastPrepared(tx, INSERT, ["after-a-failed-commit"]));
    expect(await labels(db)).toContain("after-a-failed-commit");
  });

  it("commits nothing when the last statement's parameters cannot be written", async () => {
    const unwritable = {
      toPostgres() {
        throw new Error("this value cannot be written");
      },
    };
    await expect(
      transact(db, async (tx) => {
        await runPrepared(tx, INSERT, ["before-an-unwritable-value"]);
        await runLastPrepared(tx, INSERT, [unwritable]);
      }),
    ).rejects.toThrow("this value cannot be written");
    expect(await labels(db)).not.toContain("before-an-unwritable-value");
    await transact(db, (tx) => runLastPrepared(tx, INSERT, ["after-an-unwritable-value"]));
    expect(await labels(db)).toContain("after-an-unwritable-value");
  });

  it("runs a first statement without parameters (a simple query) inside the transaction too", async () => {
    await expect(
      transact(db, async (tx) => {
        await tx.execute(sql.raw("insert into pipeline_probe (label) values ('a-simple-query')"));
        throw new Error("the work fails after it");
      }),
    ).rejects.toThrow("the work fails after it");
    expect(await labels(db)).not.toContain("a-simple-query");
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

type Message = { type: string; name: string };

/** The protocol messages in a run of bytes (each a type byte and a length), with the statement a Parse names or a Bind binds. */
function messagesIn(bytes: Buffer): Message[] {
  const messages: Message[] = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = String.fromCharCode(bytes[at]!);
    const length = bytes.readUInt32BE(at + 1);
    // Parse: the statement's name first; Bind: the portal's name, then the statement's.
    const strings = bytes
      .subarray(at + 5, at + 1 + length)
      .toString("latin1")
      .split("\0");
    messages.push({ type, name: type === "P" ? strings[0]! : type === "B" ? strings[1]! : "" });
    at += 1 + length;
  }
  return messages;
}

/**
 * A write's messages as "B name" for a Bind, "P name" for a Parse of BEGIN or COMMIT, and the
 * type alone otherwise. A statement's own Parse is left out: it is there on its first use only.
 */
function outline(messages: Message[]): string[] {
  return messages
    .filter((m) => m.type !== "P" || /^p2p_(begin|commit)$/.test(m.name))
    .map((m) => (m.type === "B" || m.type === "P" ? `${m.type} ${m.name}` : m.type));
}
