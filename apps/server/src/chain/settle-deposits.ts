import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { BlockNotFoundError, type PublicClient } from "viem";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { deposits } from "../db/schema.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import type { NetworkRow } from "../networks/find-network.js";
import { creditDeposit } from "../wallet/credit-deposit.js";
import { recordAudit } from "../audit/record-audit.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { depositChanged } from "./deposit-events.js";
import { locateTransfer, type TransferPlace } from "./locate-transfer.js";
import { networkLabel } from "./watched-networks.js";

type DepositRow = typeof deposits.$inferSelect;
type Options = { db: Db; log: Logger; client: PublicClient; network: NetworkRow; head: bigint };

/** The hash of each block asked for, read once per poll; null past the head or when the node has no such block. */
function blockHashes(client: PublicClient, head: bigint) {
  const cache = new Map<bigint, Promise<string | null>>();
  return (n: bigint) => {
    let hash = cache.get(n);
    if (!hash) {
      hash =
        n > head
          ? Promise.resolve(null)
          : client.getBlock({ blockNumber: n }).then(
              (b) => b.hash?.toLowerCase() ?? null,
              (err: unknown) => {
                if (err instanceof BlockNotFoundError) return null;
                throw err;
              },
            );
      cache.set(n, hash);
    }
    return hash;
  };
}

const auditData = (row: DepositRow, extra: Record<string, unknown> = {}) => ({
  user_id: row.userId,
  coin: row.coin,
  network: row.network,
  amount: row.amount,
  tx_hash: row.txHash,
  log_index: row.logIndex,
  block_number: row.blockNumber?.toString() ?? null,
  ...extra,
});

/**
 * Moves the network's chain deposits along after a poll saw `head`: confirming ones count their
 * confirmations (one `deposit.changed` per change), and at the network's confirmations are credited
 * once (compare-and-set on `confirming`, in the transaction that credits); one whose block left the
 * chain is dropped, or follows its transaction into the block it was mined again in. Credited ones
 * within the last 2 × confirmations blocks whose transfer left the chain are flagged for admins
 * (`reorged_at`), never reversed.
 */
export async function settleDeposits(options: Options): Promise<void> {
  const { db, client, network, head } = options;
  const hashOf = blockHashes(client, head);
  const live = and(eq(deposits.coin, network.coin), eq(deposits.network, network.code), eq(deposits.source, "chain"));
  const confirming = await db
    .select()
    .from(deposits)
    .where(and(live, eq(deposits.status, "confirming")));
  for (const row of confirming) {
    const inPlace = row.blockNumber !== null && (await hashOf(row.blockNumber)) === row.blockHash;
    const confirmations = inPlace ? Number(head - row.blockNumber! + 1n) : 0;
    if (inPlace && confirmations < network.confirmations) {
      if (confirmations !== row.confirmations) await countConfirmations(db, row, confirmations);
      continue;
    }
    const place = await locateTransfer(client, network, row);
    if (!place) await drop(options, row);
    else if (place.blockHash !== row.blockHash || place.logIndex !== row.logIndex) await move(options, row, place);
    else if (inPlace) await credit(db, row, confirmations);
  }

  const recent = await db
    .select()
    .from(deposits)
    .where(
      and(live, eq(deposits.status, "confirmed"), isNull(deposits.reorgedAt), gte(deposits.blockNumber, head - 2n * BigInt(network.confirmations))),
    );
  for (const row of recent) {
    if ((await hashOf(row.blockNumber!)) === row.blockHash) continue;
    const place = await locateTransfer(client, network, row);
    if (place) await db.update(deposits).set({ blockNumber: place.blockNumber, blockHash: place.blockHash }).where(eq(deposits.id, row.id));
    else await flagReorged(options, row);
  }
}

async function countConfirmations(db: Db, row: DepositRow, confirmations: number): Promise<void> {
  await transact(db, async (tx) => {
    const [updated] = await tx
      .update(deposits)
      .set({ confirmations })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, "confirming")))
      .returning();
    if (updated) await depositChanged(tx, updated);
  });
}

/** N confirmations, its block still in the chain: confirmed and credited, exactly once. */
async function credit(db: Db, row: DepositRow, confirmations: number): Promise<void> {
  await transact(db, async (tx) => {
    const [updated] = await tx
      .update(deposits)
      .set({ status: "confirmed", confirmations, reviewedAt: sql`now()` })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, "confirming")))
      .returning();
    if (!updated) return;
    await creditDeposit(tx, updated, null);
    await recordAudit(tx, { actorId: null, action: "deposit.credited", targetType: "deposit", targetId: row.id, data: auditData(updated) });
    await depositChanged(tx, updated);
  });
}

/** Its block left the chain and its transaction is not in the chain now: nothing was credited, nothing will be. */
async function drop({ db, log, network }: Options, row: DepositRow): Promise<void> {
  const dropped = await transact(db, async (tx) => {
    const [updated] = await tx
      .update(deposits)
      .set({ status: "dropped", confirmations: 0 })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, "confirming")))
      .returning();
    if (!updated) return false;
    await recordAudit(tx, { actorId: null, action: "deposit.dropped", targetType: "deposit", targetId: row.id, data: auditData(updated) });
    await depositChanged(tx, updated);
    return true;
  });
  if (dropped) log.warn({ network: networkLabel(network), tx: row.txHash, deposit: row.id }, "chain: a deposit's block left the chain; dropped");
}

/** Mined again in another block (a reorg): it counts its confirmations from there. */
async function move(options: Options, row: DepositRow, place: TransferPlace): Promise<void> {
  const { db, head } = options;
  const confirmations = Math.max(0, Number(head - place.blockNumber + 1n));
  try {
    await transact(db, async (tx) => {
      const [updated] = await tx
        .update(deposits)
        .set({ blockNumber: place.blockNumber, blockHash: place.blockHash, logIndex: place.logIndex, confirmations })
        .where(and(eq(deposits.id, row.id), eq(deposits.status, "confirming")))
        .returning();
      if (updated) await depositChanged(tx, updated);
    });
  } catch (err) {
    // Another live deposit already holds the transfer at its new log index: this one is its duplicate.
    if (!isUniqueViolation(err, "deposits_transfer_key")) throw err;
    await drop(options, row);
  }
}

/** Credited, then its transfer left the chain: flagged for admins and never reversed by the watcher. */
async function flagReorged({ db, log, network }: Options, row: DepositRow): Promise<void> {
  const flagged = await transact(db, async (tx) => {
    const [updated] = await tx
      .update(deposits)
      .set({ reorgedAt: sql`now()` })
      .where(and(eq(deposits.id, row.id), isNull(deposits.reorgedAt)))
      .returning();
    if (!updated) return false;
    await recordAudit(tx, { actorId: null, action: "deposit.reorged", targetType: "deposit", targetId: row.id, data: auditData(updated) });
    await adminQueueChanged(tx, "deposits");
    return true;
  });
  if (flagged)
    log.error(
      { network: networkLabel(network), tx: row.txHash, deposit: row.id },
      "chain: a credited deposit's transfer left the chain; flagged for admins",
    );
}
