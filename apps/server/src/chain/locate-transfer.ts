import { TransactionReceiptNotFoundError, parseEventLogs, type Hash, type PublicClient } from "viem";
import { parseCoin } from "@p2p/shared";
import type { deposits } from "../db/schema.js";
import type { NetworkRow } from "../networks/find-network.js";
import { TRANSFER_EVENT } from "./find-transfers.js";
import { tokenUnitsToCoin } from "./token-amount.js";

export type TransferPlace = { blockNumber: bigint; blockHash: string; logIndex: number };

/**
 * Where a deposit's transfer is on the chain now: its transaction's receipt (a successful one),
 * and for a token the Transfer log of the network's contract to the same address for the same
 * amount (its log index may differ once re-mined in another block). Null when the transaction is
 * not in the chain (its block was replaced and it was not mined again) or no longer pays the deposit.
 * A transaction hash commits to the native value and recipient, so a native transfer needs no more.
 */
export async function locateTransfer(
  client: PublicClient,
  network: NetworkRow,
  row: Pick<typeof deposits.$inferSelect, "txHash" | "logIndex" | "toAddress" | "amount">,
): Promise<TransferPlace | null> {
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: row.txHash as Hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
  if (receipt.status !== "success") return null;
  const place = { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash.toLowerCase() };
  if (!network.tokenContract) return { ...place, logIndex: 0 };
  const amount = parseCoin(row.amount);
  const matches = parseEventLogs({ abi: [TRANSFER_EVENT], logs: receipt.logs, strict: true }).filter(
    (log) =>
      log.address.toLowerCase() === network.tokenContract &&
      log.args.to.toLowerCase() === row.toAddress &&
      tokenUnitsToCoin(log.args.value, network.decimals) === amount,
  );
  const match = matches.find((log) => log.logIndex === row.logIndex) ?? matches[0];
  return match ? { ...place, logIndex: match.logIndex } : null;
}
