import pg from "pg";
import { shapedQuery } from "./shaped-rows.js";

type Result = pg.QueryResult;
type QueryConfig = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown };

/** What BEGIN answers; handed back at once while the real BEGIN travels with the next statement. */
const BEGUN: Result = { command: "BEGIN", rowCount: null, oid: 0, rows: [], fields: [] };

/**
 * A PostgreSQL connection that spends no round trip of its own on a transaction's BEGIN, nor on
 * its COMMIT when the caller knows its last statement (node-postgres' pipeline mode: a query is
 * written without waiting for the answer to the one before; PostgreSQL runs them in order).
 *
 * - `begin` is answered at once and written with the next statement, in one write to the socket;
 *   that statement's answer waits for BEGIN's, so a failed BEGIN fails it too. (Outside a
 *   transaction BEGIN only fails with its connection, and then so does everything behind it.)
 * - `queryThenCommit` writes a statement and COMMIT behind it, in one write. If the statement
 *   fails, the transaction is aborted and PostgreSQL answers that COMMIT with a rollback, so
 *   nothing of it is kept, as when the rollback is sent after the error. The `commit` (or
 *   `rollback`) the transaction's owner then sends gets that COMMIT's answer instead of a round
 *   trip.
 * - Between that COMMIT and the owner's `commit` or `rollback`, any other statement is refused: it
 *   would run outside the transaction.
 *
 * Only promise-style queries with a text are looked at; everything else (the pool's own
 * callback-style queries) passes through unchanged.
 */
export class PipelinedClient extends pg.Client {
  /** A BEGIN not yet written: it goes out with the next statement. */
  private pendingBegin: { config: string | QueryConfig; values: unknown[] | undefined } | null = null;
  private commit: Promise<Result> | null = null;

  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
  }

  // node-postgres' overloads cannot be restated one by one here; the promise form is the one used.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const text = textOf(config, values, callback);
    if (text !== null) return this.run(config as string | QueryConfig, values as unknown[] | undefined, text) as never;
    // The pool's own query (a prepared statement run on the pool, outside any transaction) is
    // callback-style; its rows are shaped all the same.
    if (values === undefined && typeof callback === "function" && isShapeable(config)) {
      const done = callback as (err: Error | null, result?: Result) => void;
      this.submit(config, undefined).then((result) => done(null, result), done);
      return undefined as never;
    }
    return super.query(config as never, values as never, callback as never) as never;
  }

  /** The transaction's last statement, with COMMIT written right behind it. */
  queryThenCommit(config: QueryConfig): Promise<Result> {
    return this.corked(() => {
      const answer = this.send(config, undefined);
      this.commit = this.quiet(this.submit("commit", undefined));
      return answer;
    });
  }

  private run(config: string | QueryConfig, values: unknown[] | undefined, text: string): Promise<Result> {
    // Only a short text can be BEGIN, COMMIT or ROLLBACK: a statement (often kilobytes) is not copied to lower case.
    const trimmed = text.trim();
    const verb = trimmed.length <= "rollback".length ? trimmed.toLowerCase() : null;
    if (verb === "begin") {
      this.pendingBegin = { config, values };
      return Promise.resolve(BEGUN);
    }
    const commit = this.commit;
    if (!commit) return this.send(config, values);
    this.commit = null;
    if (verb === "commit") return commit;
    if (verb === "rollback") return commit.then(undoneOrThrow);
    return Promise.reject(new Error("A statement after the transaction's COMMIT was written: it would run outside the transaction."));
  }

  /** Writes a statement now, behind a BEGIN not yet written; its answer waits for that BEGIN's and fails with it. */
  private send(config: string | QueryConfig, values: unknown[] | undefined): Promise<Result> {
    const pending = this.pendingBegin;
    if (!pending) return this.submit(config, values);
    this.pendingBegin = null;
    return this.corked(() => {
      const begin = this.quiet(this.submit(pending.config, pending.values));
      const answer = this.submit(config, values);
      return Promise.all([begin, answer]).then(([, result]) => result);
    });
  }

  /** Hands a query to node-postgres; a prepared statement's rows are built by its compiled shape (shaped-rows.ts). */
  private submit(config: string | QueryConfig, values: unknown[] | undefined): Promise<Result> {
    if (isShapeable(config)) {
      const { query, answer } = shapedQuery({ name: config.name, text: config.text, values: config.values ?? values });
      super.query(query as never);
      return answer;
    }
    return super.query(config as never, values as never) as unknown as Promise<Result>;
  }

  /** Whatever `write` queries goes to the socket in one write (node-postgres corks each query; this spans several). */
  private corked<T>(write: () => T): T {
    const stream = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    try {
      return write();
    } finally {
      stream.uncork();
    }
  }

  /** A query whose failure is reported through whoever awaits it later, never as unhandled. */
  private quiet(sent: Promise<Result>): Promise<Result> {
    sent.catch(() => undefined);
    return sent;
  }
}

/**
 * A rollback asked for after the last statement's COMMIT was written: fine when that statement
 * failed (PostgreSQL then answered the COMMIT as a rollback), an error when the work committed.
 */
function undoneOrThrow(result: Result): Result {
  if (result.command === "ROLLBACK") return result;
  throw new Error("The transaction was asked to roll back after its last statement had committed it.");
}

/** A prepared statement whose rows come back as plain objects: `ShapedQuery` builds them (shaped-rows.ts). */
function isShapeable(config: unknown): config is QueryConfig & { name: string } {
  if (!config || typeof config !== "object" || "submit" in config) return false;
  const c = config as QueryConfig;
  return typeof c.name === "string" && c.name !== "" && typeof c.text === "string" && c.rowMode === undefined && c.types === undefined;
}

/** The text of a promise-style query, or null for any other call. */
function textOf(config: unknown, values: unknown, callback: unknown): string | null {
  if (typeof values === "function" || callback !== undefined) return null;
  if (typeof config === "string") return config;
  if (config && typeof config === "object" && !("submit" in config) && typeof (config as QueryConfig).text === "string") {
    return (config as QueryConfig).text;
  }
  return null;
}
