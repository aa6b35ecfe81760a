import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { loadConfig, type Config } from "../src/config.js";
import { openPglite, openPostgres, type Database } from "../src/db/client.js";
import { startServer, type RunningServer } from "../src/server.js";
import type { Mail } from "../src/mail/mailer.js";
import { pgliteTemplate, postgresTemplate, waitForNoConnections } from "./template-database.js";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (dropped again by `drop`); either is a copy of
 * one migrated template (template-database.ts).
 */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(null, await pgliteTemplate());
    return { ...database, drop: () => database.close() };
  }
  const template = await postgresTemplate(url);
  const name = `p2p_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 30);
  return {
    ...database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // Forcing the drop while a connection is still closing makes that client emit an uncaught
      // "terminating connection" error.
      await waitForNoConnections(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestServer = RunningServer & {
  /** Mail captured by the test transport, oldest first. */
  mail: Mail[];
  database: Database & { drop(): Promise<void> };
  stop(): Promise<void>;
};

/** The real app on a fresh store, listening on a random port; jobs run only when the test asks. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const config: Config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    // API tests never serve a local web build (its files would be routes too); a test that wants one says so.
    WEB_DIST: "/nonexistent/web-dist",
    ...env,
  });
  const mail: Mail[] = [];
  const server = await startServer(config, {
    database,
    logger: pino({ level: "silent" }),
    mailTransport: env.SMTP_URL ? undefined : async (m) => void mail.push(m),
    startJobs: false,
  });
  // The app's own links point at the listening address.
  server.ctx.config.publicUrl = server.url;
  return {
    ...server,
    mail,
    database,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}
