import { WALLET_TEXTS, fillTemplate, formatCoin, trimDecimal } from "@p2p/shared";
import { TransactionNotFoundError, TransactionReceiptNotFoundError, parseEventLogs, type Hash, type PublicClient } from "viem";
import type { NetworkRow } from "../networks/find-network.js";
import { TRANSFER_EVENT } from "../chain/find-transfers.js";
import { coinToTokenUnits } from "../chain/token-amount.js";

export type PayoutCheck =
  /** Mined, succeeded, pays the address exactly, with the network's confirmations. */
  | { outcome: "paid" }
  /** Not on chain yet (or not confirmed enough, or the node did not answer): check again later. */
  | { outcome: "unknown" }
  /** On chain and does not pay this withdrawal: the hash is refused with `problem`. */
  | { outcome: "wrong"; problem: string };

export type PayoutToCheck = { coin: string; address: string; receiveUnits: bigint };

/**
 * Whether transaction `hash` on an EVM network pays this withdrawal: it succeeded, and either an
 * ERC-20 Transfer log of the network's token contract moves exactly the receive amount to the
 * address, or (native coin) the transaction itself sends it there. Addresses compare in lower case.
 */
export async function checkPayout(client: PublicClient, network: NetworkRow, payout: PayoutToCheck, hash: string): Promise<PayoutCheck> {
  const wrong = (template: string) => ({
    outcome: "wrong" as const,
    problem: fillTemplate(template as typeof WALLET_TEXTS.txWrongPayment, {
      hash,
      amount: trimDecimal(formatCoin(payout.receiveUnits)),
      coin: payout.coin,
      address: payout.address,
      network: network.name,
    }),
  });
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: hash as Hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return { outcome: "unknown" };
    throw error;
  }
  if (receipt.status !== "success") return wrong(WALLET_TEXTS.txFailed);
  const expected = coinToTokenUnits(payout.receiveUnits, network.decimals);
  const to = payout.address.toLowerCase();
  let pays: boolean;
  if (network.tokenContract) {
    pays = parseEventLogs({ abi: [TRANSFER_EVENT], logs: receipt.logs, strict: true }).some(
      (log) => log.address.toLowerCase() === network.tokenContract && log.args.to.toLowerCase() === to && log.args.value === expected,
    );
  } else {
    try {
      const tx = await client.getTransaction({ hash: hash as Hash });
      pays = tx.to?.toLowerCase() === to && tx.value === expected;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return { outcome: "unknown" };
      throw error;
    }
  }
  if (!pays) return wrong(WALLET_TEXTS.txWrongPayment);
  const head = await client.getBlockNumber();
  if (head - receipt.blockNumber + 1n < BigInt(network.confirmations)) return { outcome: "unknown" };
  return { outcome: "paid" };
}
