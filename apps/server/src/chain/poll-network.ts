import { and, eq, sql } from "drizzle-orm";
import type { PublicClient } from "viem";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { networkScans } from "../db/schema.js";
import { transact } from "../db/transact.js";
import type { NetworkRow } from "../networks/find-network.js";
import { depositAddressesOf } from "../networks/deposit-address.js";
import { findTransfers } from "./find-transfers.js";
import { recordTransfers } from "./record-transfers.js";
import { settleDeposits } from "./settle-deposits.js";

/** A network watched for the first time starts this many blocks below the chain's head. */
export const START_BELOW_HEAD = 100n;
/** Blocks per getLogs call (public nodes refuse wide ranges), and per range of native blocks read one by one. */
const LOG_RANGE = 500n;
const NATIVE_RANGE = 20n;
/** Ranges scanned per poll at most: a watcher far behind catches up over several polls. */
const RANGES_PER_POLL = 10;

/** What one process remembers of a network between polls: the last block it scanned, to notice a reorg under it. */
export type ScanMemory = { lastScanned: { number: bigint; hash: string } | null };

/**
 * One poll of a network: scans the blocks after its cursor (network_scans.next_block) up to the
 * head in bounded ranges, records the transfers to deposit addresses with the cursor's move in one
 * transaction, then moves its deposits along (settleDeposits). When the last block this process
 * scanned is no longer in the chain (a reorg), or it has not scanned this network yet (a start,
 * a lease taken over), the last `confirmations` blocks are scanned again: the new branch may hold
 * transfers the old one did not, and recording one twice inserts nothing.
 */
export async function pollNetwork(options: { db: Db; log: Logger; client: PublicClient; network: NetworkRow; memory: ScanMemory }): Promise<void> {
  const { db, log, client, network, memory } = options;
  const latest = await client.getBlock({ blockTag: "latest" });
  const head = latest.number;
  const key = and(eq(networkScans.coin, network.coin), eq(networkScans.network, network.code));
  await db
    .insert(networkScans)
    .values({ coin: network.coin, network: network.code, nextBlock: head > START_BELOW_HEAD ? head - START_BELOW_HEAD : 0n })
    .onConflictDoNothing();
  const [scan] = await db.select({ nextBlock: networkScans.nextBlock }).from(networkScans).where(key);
  let from = scan!.nextBlock;
  if (!(await stillScanned(client, memory, head))) {
    const window = head + 1n - BigInt(network.confirmations);
    from = from < window ? from : window > 0n ? window : 0n;
  }
  const owners = await depositAddressesOf(db, network.coin, network.code);
  const span = network.tokenContract ? LOG_RANGE : NATIVE_RANGE;
  for (let ranges = 0; from <= head && ranges < RANGES_PER_POLL; ranges++) {
    const to = from + span - 1n < head ? from + span - 1n : head;
    const transfers = owners.size > 0 ? await findTransfers(client, network, owners, from, to) : [];
    const toHash = to === head ? latest.hash : (await client.getBlock({ blockNumber: to })).hash;
    await transact(db, async (tx) => {
      await recordTransfers(tx, { network, head, transfers, owners, log });
      await tx
        .update(networkScans)
        .set({ nextBlock: to + 1n })
        .where(key);
    });
    memory.lastScanned = { number: to, hash: toHash.toLowerCase() };
    from = to + 1n;
  }
  await settleDeposits({ db, log, client, network, head });
  await db
    .update(networkScans)
    .set({ headBlock: head, scannedAt: sql`now()`, lastError: null, errorAt: null })
    .where(key);
}

/** Whether the block this process scanned last is still the chain's block at that height. */
async function stillScanned(client: PublicClient, memory: ScanMemory, head: bigint): Promise<boolean> {
  const last = memory.lastScanned;
  if (!last || last.number > head) return false;
  const block = await client.getBlock({ blockNumber: last.number });
  return block.hash.toLowerCase() === last.hash;
}
