import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id as given, or the id of the account with this username (any case); null when none. */
export async function resolvePerson(db: Db, idOrUsername: string): Promise<string | null> {
  if (UUID.test(idOrUsername)) return idOrUsername.toLowerCase();
  const [row] = await queryRows<{ id: string }>(db, sql`select id from profiles where lower(username) = lower(${idOrUsername}) limit 1`);
  return row?.id ?? null;
}
