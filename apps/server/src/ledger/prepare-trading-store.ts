import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { seedCoins } from "../coins/seed-coins.js";
import { installLedgerGuards } from "./install-ledger-guards.js";
import { transact } from "../db/transact.js";

/** An arbitrary constant: the advisory lock that lets one node at a time prepare the store. */
const PREPARE_LOCK = 0x7e5c01;

/** Runs at every start, on every node: ledger guards and the coin catalogue, idempotently. */
export async function prepareTradingStore(db: Db, config: Pick<Config, "isProduction">): Promise<void> {
  await transact(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PREPARE_LOCK})`);
    await installLedgerGuards(tx);
    await seedCoins(tx, { demoAddresses: !config.isProduction });
  });
}
