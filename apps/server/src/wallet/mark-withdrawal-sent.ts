import { NO_SUCH, WALLET_TEXTS, fillTemplate, parseCoin, type Withdrawal } from "@p2p/shared";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { withdrawals } from "../db/schema.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { requireNetwork, type NetworkRow } from "../networks/find-network.js";
import { chainClient } from "../chain/rpc-client.js";
import { checkPayout, type PayoutCheck } from "../payouts/check-payout.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { requireUuid } from "./ids.js";
import { presentWithdrawal } from "./present.js";
import { auditReview, casPending, ownRequest, reviewedNow } from "./review.js";
import { settleWithdrawal } from "./settle-withdrawal.js";

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * An admin files the on-chain hash that paid an approved withdrawal of a payout batch. On an EVM
 * network whose chain this server reaches (CHAIN_RPC_URLS), the chain decides: a transaction that
 * pays the address the receive amount in the network's coin makes it `sent` (final: withdrawing →
 * custody and the fee account); one that does not is refused (409, nothing written); one not on
 * chain yet (or not confirmed enough) leaves it `verifying` with the hash, for the recurring check.
 * Elsewhere (manual networks) the admin's hash is final. Never the owner's own; one hash pays one
 * withdrawal (409 DUPLICATE_TX_HASH).
 */
export async function markWithdrawalSent(options: {
  db: Db | Tx;
  config: Pick<Config, "chainRpcUrls">;
  adminId: string;
  withdrawalId: string;
  txHash: string;
}): Promise<Withdrawal> {
  const { db, config, adminId, withdrawalId, txHash } = options;
  requireUuid(withdrawalId, "withdrawal");
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH.withdrawal);
  if (row.userId === adminId) throw ownRequest();
  requireReadyToSend(row);
  await requireUnusedHash(db, row, txHash);
  const network = await requireNetwork(db, row.coin, row.network);
  const check = await checkOnChain(config, network, row, txHash);
  if (check.outcome === "wrong") throw new AppError("CONFLICT", check.problem);

  const readyToSend = { from: ["approved"], where: isNotNull(withdrawals.batchId), refused: notInBatch } as const;
  try {
    if (check.outcome === "paid") {
      return await settleWithdrawal(
        { db, actorId: adminId, reviewerId: adminId, withdrawalId },
        {
          status: "sent",
          transfer: "withdrawal_sent",
          set: { txHash, hashProblem: null, ...reviewedNow(adminId) },
          audit: { tx_hash: txHash, verified: network.kind === "evm" && check.verified ? "on chain" : "admin" },
          ...readyToSend,
        },
      );
    }
    return await transact(db, async (tx) => {
      const updated = await casPending(tx, withdrawals, {
        id: withdrawalId,
        reviewerId: adminId,
        set: { status: "verifying", txHash, hashProblem: null, ...reviewedNow(adminId) },
        ...readyToSend,
      });
      await auditReview(tx, adminId, "withdrawal.verifying", "withdrawal", updated.id, {
        coin: updated.coin,
        network: updated.network,
        amount: updated.amount,
        user_id: updated.userId,
        tx_hash: txHash,
      });
      await adminQueueChanged(tx, "withdrawals");
      return presentWithdrawal(updated, network);
    });
  } catch (error) {
    throw duplicateHash(error) ?? error;
  }
}

function requireReadyToSend(row: WithdrawalRow): void {
  if (row.status === "pending") throw new AppError("CONFLICT", WALLET_TEXTS.notApproved);
  if (row.status !== "approved") throw new AppError("REQUEST_ALREADY_REVIEWED", fillTemplate(WALLET_TEXTS.withdrawalDecided, { status: row.status }));
  if (!row.batchId) throw notInBatch();
}

const notInBatch = () => new AppError("CONFLICT", WALLET_TEXTS.notInBatch);
const hashUsed = () => new AppError("DUPLICATE_TX_HASH", WALLET_TEXTS.hashPaysAnotherWithdrawal);

async function requireUnusedHash(db: Db | Tx, row: WithdrawalRow, txHash: string): Promise<void> {
  const [other] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.coin, row.coin), eq(withdrawals.network, row.network), eq(withdrawals.txHash, txHash), ne(withdrawals.id, row.id)));
  if (other) throw hashUsed();
}

/** The unique (coin, network, tx_hash) index refusing a hash another withdrawal took meanwhile. */
const duplicateHash = (error: unknown) => (isUniqueViolation(error, "withdrawals_tx_hash_key") ? hashUsed() : null);

/** The chain's verdict where this server reaches the network's chain; elsewhere the admin's hash stands ("paid"). */
async function checkOnChain(
  config: Pick<Config, "chainRpcUrls">,
  network: NetworkRow,
  row: WithdrawalRow,
  txHash: string,
): Promise<PayoutCheck & { verified?: boolean }> {
  const client = network.kind === "evm" ? chainClient(config, network.chainId) : null;
  if (!client) return { outcome: "paid", verified: false };
  const receiveUnits = parseCoin(row.amount) - parseCoin(row.networkFee);
  try {
    const check = await checkPayout(client, network, { coin: row.coin, address: row.address, receiveUnits }, txHash);
    return { ...check, verified: true };
  } catch {
    // The node did not answer: the hash waits in `verifying` for the recurring check, never final unchecked.
    return { outcome: "unknown" };
  }
}
