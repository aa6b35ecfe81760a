import { parseCoin } from "@p2p/shared";
import { and, eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { networks, withdrawals } from "../db/schema.js";
import { transact } from "../db/transact.js";
import type { JobRunner } from "../jobs/runner.js";
import { registerRecurringJob, scheduleRecurringJob } from "../jobs/recurring.js";
import { chainClient } from "../chain/rpc-client.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { auditReview, casPending } from "../wallet/review.js";
import { settleWithdrawal } from "../wallet/settle-withdrawal.js";
import { checkPayout } from "./check-payout.js";

const KIND = "withdrawals.verify_hashes";
const EVERY_MS = 30_000;

export type VerifyResult = { sent: number; refused: number; waiting: number };

/**
 * Withdrawals whose hash was filed before the chain knew it (`verifying`): each is checked again.
 * A transaction that pays it makes it sent (the ledger moves once, like a hash verified at once);
 * one that does not returns it to `approved` with `hash_problem` saying why, for a right hash; one
 * still unknown waits for the next run.
 */
export async function verifyPayouts(db: Db, config: Pick<Config, "chainRpcUrls">): Promise<VerifyResult> {
  const result: VerifyResult = { sent: 0, refused: 0, waiting: 0 };
  const rows = await db
    .select({ row: withdrawals, network: networks })
    .from(withdrawals)
    .innerJoin(networks, and(eq(networks.coin, withdrawals.coin), eq(networks.code, withdrawals.network)))
    .where(eq(withdrawals.status, "verifying"));
  for (const { row, network } of rows) {
    const client = chainClient(config, network.chainId);
    if (!client || !row.txHash) {
      result.waiting++;
      continue;
    }
    const receiveUnits = parseCoin(row.amount) - parseCoin(row.networkFee);
    const check = await checkPayout(client, network, { coin: row.coin, address: row.address, receiveUnits }, row.txHash).catch(() => ({
      outcome: "unknown" as const,
    }));
    if (check.outcome === "unknown") {
      result.waiting++;
    } else if (check.outcome === "paid") {
      await settleWithdrawal(
        { db, actorId: row.reviewedBy, withdrawalId: row.id },
        {
          status: "sent",
          transfer: "withdrawal_sent",
          set: {},
          audit: { tx_hash: row.txHash, verified: "on chain" },
          from: ["verifying"],
          where: eq(withdrawals.txHash, row.txHash),
        },
      ).catch(ignoreMoved);
      result.sent++;
    } else {
      await transact(db, async (tx) => {
        await casPending(tx, withdrawals, {
          id: row.id,
          from: ["verifying"],
          where: eq(withdrawals.txHash, row.txHash!),
          set: { status: "approved", txHash: null, hashProblem: check.problem },
        });
        await auditReview(tx, row.reviewedBy ?? row.userId, "withdrawal.hash_refused", "withdrawal", row.id, {
          coin: row.coin,
          network: row.network,
          tx_hash: row.txHash!,
          problem: check.problem,
        });
        await adminQueueChanged(tx, "withdrawals");
      }).catch(ignoreMoved);
      result.refused++;
    }
  }
  return result;
}

/** Another run (another process) decided it first: nothing to do. */
function ignoreMoved(error: unknown): void {
  if ((error as { code?: string }).code === "REQUEST_ALREADY_REVIEWED") return;
  throw error;
}

export function registerPayoutJobs(jobs: JobRunner, config: Pick<Config, "chainRpcUrls">): void {
  registerRecurringJob(jobs, KIND, EVERY_MS, (db) => verifyPayouts(db, config));
}

export function schedulePayoutVerification(db: Db): Promise<void> {
  return scheduleRecurringJob(db, KIND);
}
