// npm run backup [-- --out <file.tar.gz>]   the embedded store in DATA_DIR, to a compressed tar
// npm run restore -- <file.tar.gz>            into DATA_DIR, which must not hold a store yet
// The server must be stopped (the embedded store has one process at a time). PostgreSQL is backed
// up with its own tools (docs/DEPLOY.md).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runIfMain } from "./run-cli.js";
import { gunzipSync, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openPglite, queryRows, type Database } from "../db/client.js";
import { DataDirInUseError } from "../db/pglite-lock.js";

const USAGE = `Usage: npm run backup [-- --out <file.tar.gz>]
       npm run restore -- <file.tar.gz>

Backs up the embedded store in DATA_DIR (default ./.data) to a compressed tar (default backups/naijap2p-<time>.tar.gz),
or restores one into DATA_DIR, which must not hold a store yet. Stop the server first.
With DATABASE_URL set the store is PostgreSQL: use pg_dump and pg_restore (docs/DEPLOY.md).`;

export type Io = { out(line: string): void; err(line: string): void };
const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Exit codes: 0 done, 1 failed, 2 bad usage or a store that cannot be used now. */
export async function runStoreBackup(argv: string[], env: Record<string, string | undefined> = process.env, io: Io = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (err) {
    io.err(`Error: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, file] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.out(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  if (env.DATABASE_URL) {
    io.err("Error: DATABASE_URL is set, so the store is PostgreSQL: back it up with pg_dump (docs/DEPLOY.md).");
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR || "./.data");
  try {
    if (command === "backup") return await backup(dataDir, parsed.values.out, io);
    if (command === "restore" && file) return await restore(dataDir, resolve(file), io);
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      io.err(`Error: ${err.message}`);
      return 2;
    }
    io.err(`Error: ${(err as Error).message}`);
    return 1;
  }
  io.err(`Error: say backup, or restore with a file.\n\n${USAGE}`);
  return 2;
}

async function backup(dataDir: string, out: string | undefined, io: Io): Promise<number> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    io.err(`Error: ${dataDir} holds no embedded store.`);
    return 2;
  }
  const database = await openPglite(dataDir);
  let accounts: number;
  let tar: Buffer;
  try {
    accounts = await countAccounts(database);
    tar = Buffer.from(await (await database.dump!()).arrayBuffer());
  } finally {
    await database.close();
  }
  const target = resolve(out ?? join("backups", `naijap2p-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, gzipSync(tar));
  io.out(`Backed up ${dataDir} (${accounts} accounts) to ${target} (${Math.round(statSync(target).size / 1024)} KB).`);
  return 0;
}

async function restore(dataDir: string, file: string, io: Io): Promise<number> {
  if (existsSync(join(dataDir, "PG_VERSION"))) {
    io.err(`Error: ${dataDir} already holds a store. Move it away (or choose another DATA_DIR) first.`);
    return 2;
  }
  if (!existsSync(file)) {
    io.err(`Error: no file ${file}.`);
    return 2;
  }
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: new Blob([gunzipSync(readFileSync(file))]) });
  await client.waitReady;
  await client.close();
  // Opened as the server opens it: locked, migrated to this version's schema, then counted.
  const database = await openPglite(dataDir);
  try {
    io.out(`Restored ${file} into ${dataDir} (${await countAccounts(database)} accounts). Start the server with this DATA_DIR.`);
  } finally {
    await database.close();
  }
  return 0;
}

async function countAccounts(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  return row?.n ?? 0;
}

runIfMain(import.meta.url, (argv) => runStoreBackup(argv));
