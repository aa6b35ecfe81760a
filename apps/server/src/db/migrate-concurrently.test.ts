import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPostgres } from "./client.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("migrations on a PostgreSQL server", () => {
  it("let several processes start at once on a brand-new database", async () => {
    const name = `p2p_migrate_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url!);
      target.pathname = `/${name}`;
      const opened = await Promise.all([1, 2, 3].map(() => openPostgres(target.toString(), 3)));
      for (const database of opened) expect(await database.ping()).toBeGreaterThanOrEqual(0);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
