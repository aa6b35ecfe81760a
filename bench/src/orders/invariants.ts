import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../apps/server/src/db/client.js";
import { verifyLedger } from "../../../apps/server/src/ledger/verify-ledger.js";

/** The ledger invariants after a run (verifyLedger), and where the orders ended up. */
export async function invariantViolations(db: Db): Promise<{ count: number; sample: unknown[] }> {
  const violations = await verifyLedger(db);
  return { count: violations.reduce((n, v) => n + v.rows.length, 0), sample: violations.slice(0, 3) };
}

export async function ordersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from orders group by status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
