import { formatCoin, parseCoin } from "@p2p/shared";
import type { Logger } from "pino";
import type { Tx } from "../db/client.js";
import { deposits } from "../db/schema.js";
import type { NetworkRow } from "../networks/find-network.js";
import type { FoundTransfer } from "./find-transfers.js";
import { tokenUnitsToCoin } from "./token-amount.js";
import { depositChanged } from "./deposit-events.js";
import { networkLabel } from "./watched-networks.js";

/**
 * Each found transfer becomes one `confirming` chain deposit of its address's owner, keyed by
 * (coin, hash, log index): finding it again (a rescan, a restart, a second process) inserts
 * nothing. Transfers below the network's minimum deposit are not recorded (the deposit screen
 * states the minimum); they are logged. Answers how many rows were new.
 */
export async function recordTransfers(
  tx: Tx,
  options: { network: NetworkRow; head: bigint; transfers: FoundTransfer[]; owners: ReadonlyMap<string, string>; log: Logger },
): Promise<number> {
  const { network, head, owners, log } = options;
  const minimum = parseCoin(network.minDeposit);
  let inserted = 0;
  for (const t of options.transfers) {
    const userId = owners.get(t.to);
    const units = tokenUnitsToCoin(t.value, network.decimals);
    if (!userId || units === null) continue;
    if (units === 0n || units < minimum) {
      log.info({ network: networkLabel(network), tx: t.txHash, amount: formatCoin(units) }, "chain: a deposit below the minimum is not credited");
      continue;
    }
    const [row] = await tx
      .insert(deposits)
      .values({
        userId,
        coin: network.coin,
        network: network.code,
        amount: formatCoin(units),
        txHash: t.txHash.toLowerCase(),
        logIndex: t.logIndex,
        source: "chain",
        status: "confirming",
        toAddress: t.to,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash.toLowerCase(),
        confirmations: Math.max(0, Number(head - t.blockNumber + 1n)),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    inserted++;
    await depositChanged(tx, row);
  }
  return inserted;
}
