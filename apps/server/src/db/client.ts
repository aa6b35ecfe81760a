import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { lockDataDir } from "./pglite-lock.js";
import { PipelinedClient } from "./pipelined-client.js";
import { TX_CONTEXT, type TxContext } from "./tx-context.js";
import { serverRoot } from "../paths.js";

/**
 * The one database type the code sees, whichever store is underneath. Without Drizzle's
 * relational query API (nothing uses it): given the schema, Drizzle would build a query builder
 * for each of its tables in every transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** Drizzle's transaction handle: the same query surface as Db. */
type DrizzleTx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A transaction handle as `transact` makes it: Drizzle's, carrying the transaction's context (tx-context.ts). */
export type Tx = DrizzleTx & { readonly [TX_CONTEXT]?: TxContext };

/** Whether `db` is a transaction `transact` opened (its work joins it) rather than the database. */
export function isTransaction(db: Db | Tx): db is Tx {
  return TX_CONTEXT in db;
}

/** The context of the transaction `transact` opened, if `db` is one. */
export function txContext(db: Db | Tx): TxContext | undefined {
  return isTransaction(db) ? db[TX_CONTEXT] : undefined;
}

/** Gives a transaction handle Drizzle made its context: only `transact` and `savepoint` call this. */
export function withTxContext(tx: DrizzleTx, context: TxContext): Tx {
  return Object.assign(tx, { [TX_CONTEXT]: context });
}

export type Database = {
  db: Db;
  store: "pglite" | "postgres";
  ping(): Promise<number>;
  close(): Promise<void>;
  /** The embedded store's whole data folder as a tar (test templates, backups); PGlite only. */
  dump?(): Promise<Blob>;
  /** The connection pool's use (metrics); PostgreSQL only. */
  poolStats?(): { total: number; idle: number; waiting: number };
};

export const migrationsFolder = join(serverRoot, "drizzle");

/**
 * PGlite in dataDir (created if missing, one process at a time: pglite-lock.ts), or in memory when
 * dataDir is null; an in-memory store may start as a copy of a dumped data folder (`from`, a tar
 * made by `dumpDataDir`), which is much quicker than creating and migrating one.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A fresh folder must be empty for PGlite to create the database: it is locked right after.
  const fresh = dataDir !== null && !existsSync(join(dataDir, "PG_VERSION"));
  let unlock = dataDir && !fresh ? lockDataDir(dataDir) : () => undefined;
  const client = dataDir ? new PGlite(dataDir) : new PGlite(from ? { loadDataDir: from } : {});
  await client.waitReady;
  if (fresh) unlock = lockDataDir(dataDir);
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    store: "pglite",
    dump: () => client.dumpDataDir("none"),
    ping: () => timed(db),
    close: () => client.close().finally(unlock),
  };
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // Pipelined: a transaction's BEGIN and COMMIT ride with its first and last statements (pipelined-client.ts).
  // No JIT: every statement of the app is short, and PostgreSQL compiles one it prices above
  // `jit_above_cost` again at each execution, milliseconds of a core for a statement that runs in
  // less than one (the realtime sweep's read did, four times a second, once `events` grew). An
  // `options` in DATABASE_URL replaces this one.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PipelinedClient, options: "-c jit=off" });
  // An idle connection dropped by a database restart must not crash the process; the pool reconnects.
  pool.on("error", (err) => console.error("postgres pool: idle connection error:", err.message));
  const db = drizzlePg(pool) as unknown as Db;
  pools.set(db, { pool, dialect: new PgDialect() });
  await withMigrationLock(pool, () => migratePg(db as never, { migrationsFolder }));
  return {
    db,
    store: "postgres",
    ping: () => timed(db),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Each PostgreSQL database's pool, and a dialect like the one Drizzle made for it (no options). */
const pools = new WeakMap<Db, { pool: pg.Pool; dialect: PgDialect }>();

/**
 * `db.transaction(fn)` as Drizzle runs it, with BEGIN, COMMIT and ROLLBACK sent straight to the
 * connection. Drizzle builds each of them as a query of its own (SQL object, prepared query,
 * tracing span): under load that was 2–3% of the server's CPU, for statements of one word. `fn`
 * gets Drizzle's own transaction handle, so everything inside (savepoints too) is unchanged.
 * PGlite's transactions stay Drizzle's.
 */
export async function inTransaction<T>(db: Db, fn: (tx: DrizzleTx) => Promise<T>): Promise<T> {
  const postgres = pools.get(db);
  if (!postgres) return db.transaction(fn);
  const client = await postgres.pool.connect();
  let broken: Error | undefined;
  try {
    const tx = new NodePgTransaction(postgres.dialect, new NodePgSession(client, postgres.dialect, undefined), undefined) as unknown as DrizzleTx;
    await client.query("begin").catch((beginErr: Error) => {
      throw (broken = beginErr);
    });
    try {
      const result = await fn(tx);
      await client.query("commit");
      return result;
    } catch (err) {
      // A rollback that fails says why instead (the work may have committed: pipelined-client.ts),
      // and its connection is not handed to anyone else.
      await client.query("rollback").catch((rollbackErr: Error) => {
        throw (broken = rollbackErr);
      });
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

async function timed(db: Db): Promise<number> {
  const start = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - start;
}

/** Rows of a raw SQL query; both drivers answer with { rows }. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Any number of processes may start at once on one database: only one migrates at a time. */
const MIGRATION_LOCK_KEY = 728_190_411;

async function withMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
