import { createHash } from "node:crypto";
import { existsSync, linkSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { openAsBlob } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres } from "../src/db/client.js";

/*
 * Each test file gets its own database, copied from one migrated template instead of migrated
 * from scratch: on PostgreSQL `CREATE DATABASE … TEMPLATE`, on PGlite a dumped data folder. A
 * template is named by a hash of the migrations, so a new migration makes a new one and runs of
 * different code never share one.
 */

/** A short hash of every migration file and the journal. */
export function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const files = [...readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")), "meta/_journal.json"].sort();
  for (const file of files) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
}

/** Any number of test processes may ask at once: one builds, the others wait for it. */
const TEMPLATE_LOCK_KEY = 728_190_412;

/** The name of the migrated template database on the server at `url`, built on first use. */
export async function postgresTemplate(url: string): Promise<string> {
  const name = `p2p_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return name;
    // Built under another name and renamed when whole, so a crash never leaves a half template.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    // Two connections: one holds the migration lock while the other migrates.
    const database = await openPostgres(target.toString(), 2);
    await database.close();
    await waitForNoConnections(admin, building);
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

/** pool.end() resolves before its connections have closed on the server. */
export async function waitForNoConnections(client: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A migrated PGlite data folder as a tar in the system's temporary folder, made on first use. */
export async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `p2p-pglite-template-${migrationsFingerprint()}.tar`);
  if (!existsSync(path)) {
    const database = await openPglite(null);
    const tar = await database.dump!();
    await database.close();
    // Written aside, then linked into place only if no other process got there first: a reader
    // never sees half a file, and a file once in place is never replaced under a reader's Blob
    // (which refuses to read a file changed since it was opened).
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    try {
      linkSync(partial, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      unlinkSync(partial);
    }
  }
  return openAsBlob(path);
}
