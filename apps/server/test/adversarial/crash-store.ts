import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../../src/db/client.js";

/**
 * The store a crashing server runs on, kept across its lives: a PGlite data folder on disk (what
 * `npm start` uses) or a new database on the PostgreSQL server named by DATABASE_URL.
 */
export type CrashStore = {
  kind: "pglite" | "postgres";
  /** What the server process needs in its environment to open this store. */
  env: Record<string, string>;
  /** Opens the store in the test process: for PGlite only while no server has it open. */
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

export async function createCrashStore(): Promise<CrashStore> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await createPostgresDatabase(url, "p2p_crash");
    return { kind: "postgres", env: { DATABASE_URL: database.url }, open: () => openPostgres(database.url, 4), dispose: database.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "p2p-crash-"));
  return {
    kind: "pglite",
    env: { DATA_DIR: dir },
    open: () => openPglite(dir),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A throwaway database on the server at baseUrl, dropped (with any connection left) by drop(). */
export async function createPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(baseUrl, (client) => client.query(`create database ${name}`));
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => onServer(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function onServer(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
