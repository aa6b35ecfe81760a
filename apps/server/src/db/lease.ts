import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client.js";

/**
 * Takes the lease `name` for `holder` until `seconds` from now, or renews it: granted when it is
 * free, expired, or already the holder's; one statement, so two processes asking at once never
 * both get it. False while another process holds it.
 */
export async function holdLease(db: Db, name: string, holder: string, seconds: number): Promise<boolean> {
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`insert into leases (name, holder, expires_at) values (${name}, ${holder}, now() + make_interval(secs => ${seconds}))
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where leases.holder = excluded.holder or leases.expires_at < now()
        returning holder`,
  );
  return rows.length > 0;
}

/** Gives the lease up at once (a clean stop), so another process need not wait for it to expire. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await queryRows(db, sql`delete from leases where name = ${name} and holder = ${holder}`);
}
