import { parseAbiItem, type Address, type Hash, type PublicClient } from "viem";
import type { NetworkRow } from "../networks/find-network.js";

export const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** A transfer of the network's coin to one of its deposit addresses, as the chain shows it now. */
export type FoundTransfer = {
  txHash: Hash;
  /** The Transfer log's index in its block; 0 for a native transfer. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  to: string;
  value: bigint;
};

/**
 * The network's transfers to `addresses` (lower case) in blocks `from`..`to`: ERC-20 `Transfer`
 * logs of its token contract (one getLogs call; other tokens never match), or, for the chain's
 * native coin, transactions with a value to an address (each block read with its transactions).
 * Native coin moved by a contract call (an internal transfer) is not seen.
 */
export async function findTransfers(
  client: PublicClient,
  network: NetworkRow,
  addresses: ReadonlyMap<string, string>,
  from: bigint,
  to: bigint,
): Promise<FoundTransfer[]> {
  if (network.tokenContract) {
    const logs = await client.getLogs({ address: network.tokenContract as Address, event: TRANSFER_EVENT, fromBlock: from, toBlock: to });
    return logs.flatMap((log) => {
      const recipient = log.args.to?.toLowerCase();
      if (!recipient || !addresses.has(recipient) || !log.args.value || log.blockHash === null || log.transactionHash === null) return [];
      return [
        {
          txHash: log.transactionHash,
          logIndex: log.logIndex!,
          blockNumber: log.blockNumber!,
          blockHash: log.blockHash,
          to: recipient,
          value: log.args.value,
        },
      ];
    });
  }
  const found: FoundTransfer[] = [];
  for (let n = from; n <= to; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      const recipient = tx.to?.toLowerCase();
      if (!recipient || tx.value === 0n || !addresses.has(recipient)) continue;
      found.push({ txHash: tx.hash, logIndex: 0, blockNumber: block.number, blockHash: block.hash, to: recipient, value: tx.value });
    }
  }
  return found;
}
