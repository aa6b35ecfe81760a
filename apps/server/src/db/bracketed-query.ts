/*
 * A statement sent with its transaction's BEGIN before it, or COMMIT after it, or both, under the
 * statement's one Sync: PostgreSQL then answers them together in one write, where a BEGIN or COMMIT
 * sent as a query of its own is answered, and written out, on its own (every ReadyForQuery is
 * flushed to the socket). So a transaction of two round trips wakes each side twice, not four times.
 *
 * BEGIN and COMMIT run as statements prepared once per connection (`PrepareTransactionVerbs`), so
 * the only Parse in the batch is the statement's own, and node-postgres' bookkeeping of which
 * statements a connection has parsed (by the active query's name) stays right.
 */

import { createRequire } from "node:module";

/** The statement names BEGIN and COMMIT are prepared under on every pipelined connection. */
const BEGIN = "p2p_begin";
const COMMIT = "p2p_commit";

/** node-postgres' connection: the protocol messages a query writes. */
export type Connection = {
  parse(config: { name?: string; text: string }): void;
  bind(config: { statement?: string }): void;
  execute(config: object): void;
  sync(): void;
};

/** node-postgres' Query, as the client drives it with the backend's messages. */
export type PgQuery = {
  name?: string;
  text: string;
  rows?: number;
  _canceledDueToError: unknown;
  _result: { _types?: unknown };
  submit(connection: Connection): Error | null;
  requiresPreparation(): boolean;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleEmptyQuery(connection: Connection): void;
  handleError(err: unknown, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
  handlePortalSuspended(connection: Connection): void;
  handleCopyInResponse(connection: Connection): void;
  handleCopyData(msg: unknown, connection: Connection): void;
};

/** node-postgres' own Query: in pipeline mode the client takes no other query object. */
const Query = createRequire(import.meta.url)("pg/lib/query.js") as new (text: string) => PgQuery;

/**
 * Whether a query can carry BEGIN or COMMIT under its Sync: only one sent with the extended
 * protocol (a simple query is its own Sync) and read in one go (a query reading its rows page by
 * page syncs after each page).
 */
export const canBracket = (query: PgQuery): boolean => query.requiresPreparation() && !query.rows;

/**
 * `query` with BEGIN written before it and/or COMMIT after it, answered as one query.
 *
 * - BEGIN's and COMMIT's own answers (a CommandComplete each) are not the statement's: they are
 *   passed over, and the statement's promise settles with its own rows at the ReadyForQuery.
 * - If the statement fails, PostgreSQL skips what follows it up to the Sync, COMMIT too: the
 *   transaction stays open and aborted until its owner rolls it back.
 * - If COMMIT fails (a deferred constraint), the statement's promise fails with COMMIT's error:
 *   nothing of the transaction was kept.
 * - COMMIT is written only behind the statement's Execute: if its parameters cannot be written,
 *   node-postgres syncs without executing, and nothing is committed.
 */
export class BracketedQuery extends Query {
  /** The statement's own answer is complete (after it, only COMMIT's can come). */
  private answered = false;
  /** BEGIN's answer is still to come (before the statement's). */
  private beginPending: boolean;
  /** How many of BEGIN and COMMIT this query carries (0 to 2). */
  readonly verbs: number;

  constructor(
    readonly query: PgQuery,
    begin: boolean,
    private readonly commit: boolean,
  ) {
    super(query.text);
    // The client records a ParseComplete under the active query's name and text: the statement's.
    this.name = query.name;
    this.beginPending = begin;
    this.verbs = Number(begin) + Number(commit);
  }

  override submit(connection: Connection): null {
    // The client gives its type parsers to the query it is handed: this one, not the statement.
    this.query._result._types ??= this._result._types;
    if (this.beginPending) {
      connection.bind({ statement: BEGIN });
      connection.execute({});
    }
    let executed = false;
    const wire: Connection = Object.create(connection) as Connection;
    wire.execute = (config) => {
      executed = true;
      connection.execute(config);
    };
    wire.sync = () => {
      if (this.commit && executed) {
        connection.bind({ statement: COMMIT });
        connection.execute({});
      }
      connection.sync();
    };
    const refused = this.query.submit(wire);
    if (refused) {
      // Nothing of the statement was written (no text, values not an array…): the Sync brings
      // BEGIN's answer if it was written, and the ReadyForQuery reports the refusal.
      this.query._canceledDueToError = refused;
      connection.sync();
    }
    return null;
  }

  override handleCommandComplete(msg: unknown, connection: Connection): void {
    if (this.beginPending) {
      this.beginPending = false;
      return;
    }
    if (this.answered) return;
    this.answered = true;
    this.query.handleCommandComplete(msg, connection);
  }

  override handleEmptyQuery(connection: Connection): void {
    this.answered = true;
    this.query.handleEmptyQuery(connection);
  }

  override handleRowDescription(msg: unknown): void {
    this.query.handleRowDescription(msg);
  }
  override handleDataRow(msg: unknown): void {
    this.query.handleDataRow(msg);
  }
  override handleError(err: unknown, connection: Connection): void {
    this.query.handleError(err, connection);
  }
  override handleReadyForQuery(connection: Connection): void {
    this.query.handleReadyForQuery(connection);
  }
  override handlePortalSuspended(connection: Connection): void {
    this.query.handlePortalSuspended(connection);
  }
  override handleCopyInResponse(connection: Connection): void {
    this.query.handleCopyInResponse(connection);
  }
  override handleCopyData(msg: unknown, connection: Connection): void {
    this.query.handleCopyData(msg, connection);
  }
}

/**
 * Prepares BEGIN and COMMIT under their names on a connection: Parse, Parse, Sync. Written ahead of
 * the connection's first bracketed query, in the same write; a failure fails that query too
 * (its statements would not exist) and is reported through `done`.
 */
export class PrepareTransactionVerbs extends Query {
  readonly done: Promise<void>;
  private settle!: (err: unknown) => void;

  constructor() {
    super("");
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (err) => (err ? reject(err as Error) : resolve());
    });
  }

  override submit(connection: Connection): null {
    connection.parse({ name: BEGIN, text: "begin" });
    connection.parse({ name: COMMIT, text: "commit" });
    connection.sync();
    return null;
  }

  override handleError(err: unknown): void {
    this.settle(err ?? new Error("Preparing BEGIN and COMMIT failed."));
  }
  override handleReadyForQuery(): void {
    this.settle(null);
  }
}
