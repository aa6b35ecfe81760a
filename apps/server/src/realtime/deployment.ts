import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.js";

/**
 * Which deployment this process belongs to, for the Redis bus: processes on one database are one
 * deployment; another database (another deployment sharing the Redis) is another. PostgreSQL: the
 * cluster's system identifier (or, where reading it is not allowed, its address and port) and the
 * database's name. PGlite: a store only one process can open, so an id of its own each start.
 */
export async function deploymentId(database: Database): Promise<string> {
  const identity = database.store === "pglite" ? `pglite:${randomUUID()}` : `postgres:${await postgresIdentity(database)}`;
  return createHash("sha256").update(identity).digest("hex").slice(0, 16);
}

async function postgresIdentity(database: Database): Promise<string> {
  try {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select system_identifier::text || ':' || current_database() as id from pg_control_system()`,
    );
    if (row) return row.id;
  } catch {
    // pg_control_system() may be refused to an unprivileged role.
  }
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`select coalesce(host(inet_server_addr()), 'socket') || ':' || current_setting('port') || ':' || current_database() as id`,
  );
  return row!.id;
}
