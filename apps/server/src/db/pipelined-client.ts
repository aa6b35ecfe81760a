import pg from "pg";
import { BracketedQuery, canBracket, PrepareTransactionVerbs, type PgQuery } from "./bracketed-query.js";
import { shapedQuery } from "./shaped-rows.js";

type Result = pg.QueryResult;
type QueryConfig = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown };

/** The answer of a transaction's BEGIN, COMMIT or ROLLBACK given here, without a round trip of its own. */
const answeredHere = (command: string): Result => ({ command: command.toUpperCase(), rowCount: null, oid: 0, rows: [], fields: [] });
/** What BEGIN answers; handed back at once while the real BEGIN travels with the next statement. */
const BEGUN = answeredHere("begin");
/** What COMMIT answers once the last statement's batch committed. */
const COMMITTED = answeredHere("commit");

/**
 * A PostgreSQL connection that spends no round trip of its own on a transaction's BEGIN, nor on
 * its COMMIT when the caller knows its last statement (node-postgres' pipeline mode: a query is
 * written without waiting for the answer to the one before; PostgreSQL runs them in order).
 *
 * - `begin` is answered at once and written with the next statement, under that statement's Sync
 *   (bracketed-query.ts), so PostgreSQL answers both in one write; that statement fails if BEGIN
 *   does. (Outside a transaction BEGIN only fails with its connection, and then so does
 *   everything behind it.) A statement sent as a simple query has BEGIN sent before it instead,
 *   in the same write to the socket.
 * - `queryThenCommit` writes a statement with COMMIT behind it under one Sync. If the statement
 *   fails, PostgreSQL skips the COMMIT and the transaction stays aborted until its owner's
 *   ROLLBACK; if COMMIT fails, the statement fails with COMMIT's error. The `commit` the
 *   transaction's owner then sends is answered without a round trip.
 * - Between that COMMIT and the owner's `commit` or `rollback`, any other statement is refused: it
 *   would run outside the transaction.
 *
 * Only promise-style queries with a text are looked at; everything else (the pool's own
 * callback-style queries) passes through unchanged.
 */
export class PipelinedClient extends pg.Client {
  /** A BEGIN not yet written: it goes out with the next statement. */
  private pendingBegin = false;
  /** After the last statement and its COMMIT were written: whether both succeeded. */
  private committing: Promise<boolean> | null = null;
  /** BEGIN and COMMIT are prepared on this connection, or being prepared (bracketed-query.ts). */
  private verbsPrepared = false;

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

  /** The transaction's last statement (with parameters, or prepared), with COMMIT written right behind it under its Sync. */
  queryThenCommit(config: QueryConfig): Promise<Result> {
    const answer = this.bracketed(config, undefined, true);
    this.committing = answer.then(
      () => true,
      () => false,
    );
    return answer;
  }

  private run(config: string | QueryConfig, values: unknown[] | undefined, text: string): Promise<Result> {
    // Only a short text can be BEGIN, COMMIT or ROLLBACK: a statement (often kilobytes) is not copied to lower case.
    const trimmed = text.trim();
    const verb = trimmed.length <= "rollback".length ? trimmed.toLowerCase() : null;
    if (verb === "begin") {
      this.pendingBegin = true;
      return Promise.resolve(BEGUN);
    }
    if ((verb === "commit" || verb === "rollback") && this.pendingBegin) {
      // A transaction that never wrote a statement has nothing to end.
      this.pendingBegin = false;
      return Promise.resolve(answeredHere(verb));
    }
    const committing = this.committing;
    if (!committing) return this.send(config, values);
    this.committing = null;
    if (verb === "commit") return committing.then((committed) => (committed ? COMMITTED : Promise.reject(new Error(LAST_FAILED))));
    if (verb === "rollback")
      return committing.then((committed) => (committed ? Promise.reject(new Error(ROLLBACK_AFTER_COMMIT)) : this.submit(config, values)));
    return Promise.reject(new Error("A statement after the transaction's COMMIT was written: it would run outside the transaction."));
  }

  /** Writes a statement now, behind a BEGIN not yet written. */
  private send(config: string | QueryConfig, values: unknown[] | undefined): Promise<Result> {
    return this.pendingBegin ? this.bracketed(config, values, false) : this.submit(config, values);
  }

  /**
   * Writes a statement with the pending BEGIN (if any) before it and COMMIT (if asked) after it,
   * in one write to the socket and, when the statement goes by the extended protocol, under its
   * one Sync (bracketed-query.ts).
   */
  private bracketed(config: string | QueryConfig, values: unknown[] | undefined, commit: boolean): Promise<Result> {
    const begin = this.pendingBegin;
    this.pendingBegin = false;
    const { query, answer } = queryOf(config, values);
    return this.corked(() => {
      if (!canBracket(query)) {
        if (commit)
          throw new Error("Only a statement sent with the extended protocol (with parameters, or prepared) can carry its transaction's COMMIT.");
        // A simple query is its own Sync: BEGIN goes before it as a query of its own, and its
        // failure fails the statement too.
        const began = begin ? this.quiet(super.query("begin") as unknown as Promise<Result>) : Promise.resolve(BEGUN);
        super.query(query as never);
        return Promise.all([began, answer]).then(([, result]) => result);
      }
      if (!this.verbsPrepared) {
        this.verbsPrepared = true;
        const prepare = new PrepareTransactionVerbs();
        // Tried again on the next transaction if it failed (this one fails with it).
        prepare.done.catch(() => (this.verbsPrepared = false));
        super.query(prepare as never);
      }
      super.query(new BracketedQuery(query, begin, commit) as never);
      return answer;
    });
  }

  /** Hands a query to node-postgres; a prepared statement's rows are built by its compiled shape (shaped-rows.ts). */
  private submit(config: string | QueryConfig, values: unknown[] | undefined): Promise<Result> {
    const { query, answer } = queryOf(config, values);
    super.query(query as never);
    return answer;
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

const LAST_FAILED = "The transaction's last statement failed: nothing of it was committed.";
const ROLLBACK_AFTER_COMMIT = "The transaction was asked to roll back after its last statement had committed it.";

/** A query object for a config, with its promise: a prepared statement's rows shaped (shaped-rows.ts), any other as node-postgres makes them. */
function queryOf(config: string | QueryConfig, values: unknown[] | undefined): { query: PgQuery; answer: Promise<Result> } {
  if (isShapeable(config)) {
    const shaped = shapedQuery({ name: config.name, text: config.text, values: config.values ?? values });
    return { query: shaped.query as PgQuery, answer: shaped.answer };
  }
  let query!: PgQuery;
  const answer = new Promise<Result>((resolve, reject) => {
    query = new pg.Query(config as never, values as never, (err: Error | undefined, result: Result) => {
      if (!err) return resolve(result);
      // As node-postgres does for its own promises: a stack leading back to the caller, not to the socket.
      Error.captureStackTrace(err);
      reject(err);
    }) as unknown as PgQuery;
  });
  return { query, answer };
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
