import { fillPlaceholders, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { txContext, type Db, type Tx } from "./client.js";
import { PipelinedClient } from "./pipelined-client.js";

/**
 * A statement whose text never changes, run straight on the driver: node-postgres prepares it
 * once per connection under its name (the server then only binds and executes it), PGlite runs
 * it as is. For the hot paths, where building the statement with Drizzle costs more CPU than
 * the database spends on it. Rows come back as the driver parses them: snake_case columns,
 * timestamps as Date (or text), numeric and bigint as strings.
 */
export type PreparedQuery = { name: string; text: string };

type Queryable = { query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }> };

const names = new Map<string, string>();

/** The statement of a text, named by the order texts were first seen (a text is always the same statement). */
export function prepared(text: string): PreparedQuery {
  let name = names.get(text);
  if (!name) {
    name = `p2p_${names.size + 1}`;
    names.set(text, name);
  }
  return { name, text };
}

/**
 * A query Drizzle builds once, when its module loads, with `sql.placeholder(name)` for each value
 * that changes: a call fills them in and runs the prepared statement, building nothing. For a
 * hot-path read whose shape Drizzle says best (joins, shared predicates): a query builder's
 * `toSQL()`, or an `sql` template. Its columns come back under their SQL names, as with any
 * prepared statement (`tableRow` maps a table's).
 */
export function preparedOnce(query: SQL | { sql: string; params: unknown[] }) {
  const built = query instanceof SQL ? dialect.sqlToQuery(query) : query;
  const statement = prepared(built.sql);
  return <Row>(db: Db | Tx, values: Record<string, unknown>): Promise<Row[]> =>
    runPrepared<Row>(db, statement, fillPlaceholders(built.params, values));
}

/** Turns `preparedOnce`'s `sql` templates into text and parameters, once each, at load. */
const dialect = new PgDialect();

/**
 * The text of an `sql` template that holds no values of its own (its placeholders are `sql.raw`
 * text such as `$3`): how a statement built as text embeds an expression Drizzle code shares.
 */
export function sqlText(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length > 0) throw new Error("sqlText: the template holds values; name them as parameters of the statement instead");
  return built.sql;
}

export async function runPrepared<Row>(db: Db | Tx, query: PreparedQuery, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  const result =
    client instanceof pg.Pool || client instanceof pg.Client
      ? await client.query({ name: query.name, text: query.text, values })
      : await client.query(query.text, values);
  return result.rows as Row[];
}

/**
 * The last statement of a transaction `transact` opened: on PostgreSQL its COMMIT is written right
 * behind it (db/pipelined-client.ts), one round trip fewer. When a `transact` call has joined
 * the transaction, or inside a savepoint, more may follow, so it runs as any statement.
 * Nothing may run in the transaction after it.
 */
export async function runLastPrepared<Row>(tx: Tx, query: PreparedQuery, values: unknown[]): Promise<Row[]> {
  const client = clientOf(tx);
  if (!(client instanceof PipelinedClient) || txContext(tx)?.joined !== 0) return runPrepared(tx, query, values);
  const result = await client.queryThenCommit({ name: query.name, text: query.text, values });
  return result.rows as Row[];
}

/**
 * Whether statements written one after another on this transaction go out without waiting for
 * each other's answers (PostgreSQL's pipeline: db/pipelined-client.ts); PGlite runs them in turn.
 */
export const isPipelined = (tx: Tx): boolean => clientOf(tx) instanceof PipelinedClient;

const clientOf = (db: Db | Tx) => (db as unknown as { session: { client: Queryable } }).session.client;

/** Positional parameters for a statement built as text: each value once, named $1, $2… in order. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
