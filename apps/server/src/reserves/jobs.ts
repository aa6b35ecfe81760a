import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { JobRunner } from "../jobs/runner.js";
import { registerRecurringJob, scheduleRecurringJob } from "../jobs/recurring.js";
import { buildLiabilitySnapshots } from "./build-liability-snapshot.js";
import { readOnchainBalances } from "./read-onchain-balances.js";

const READ_BALANCES = "reserves.read_balances";
/** Well inside the hour after which the Reserves section calls a reading stale. */
const READ_EVERY_MS = 15 * 60 * 1000;
const BUILD_LIABILITIES = "liabilities.snapshot";
const BUILD_EVERY_MS = 24 * 60 * 60 * 1000;

/** Reserves: the deposit addresses' on-chain balances every 15 minutes, a proof-of-liabilities snapshot of every listed coin daily. */
export function registerReserveJobs(jobs: JobRunner, config: Pick<Config, "chainRpcUrls">): void {
  registerRecurringJob(jobs, READ_BALANCES, READ_EVERY_MS, (db) => readOnchainBalances({ db, config }));
  registerRecurringJob(jobs, BUILD_LIABILITIES, BUILD_EVERY_MS, async (db) => {
    await buildLiabilitySnapshots({ db, adminId: null }).catch((error: unknown) => {
      // No listed coin: nothing to prove today; anything else is the job runner's to retry.
      if ((error as { code?: string }).code !== "CONFLICT") throw error;
    });
  });
}

export async function scheduleReserveJobs(db: Db): Promise<void> {
  await scheduleRecurringJob(db, READ_BALANCES);
  await scheduleRecurringJob(db, BUILD_LIABILITIES);
}
