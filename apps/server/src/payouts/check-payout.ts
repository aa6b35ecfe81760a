import { COIN_SCALE, WALLET_TEXTS, fillTemplate, formatCoin, trimDecimal } from "@p2p/shared";
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type Hash, type PublicClient } from "viem";
import type { NetworkRow } from "../networks/find-network.js";

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event's first topic. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export type PayoutCheck =
  /** Mined, succeeded, pays the address exactly, with the network's confirmations. */
  | { outcome: "paid" }
  /** Not on chain yet (or not confirmed enough, or the node did not answer): check again later. */
  | { outcome: "unknown" }
  /** On chain and does not pay this withdrawal: the hash is refused with `problem`. */
  | { outcome: "wrong"; problem: string };

export type PayoutToCheck = { coin: string; address: string; receiveUnits: bigint };

/** An amount in the platform's 8 decimals as the token's smallest units, or null when the token cannot carry it exactly. */
export function onChainUnits(units: bigint, decimals: number): bigint | null {
  if (decimals >= COIN_SCALE) return units * 10n ** BigInt(decimals - COIN_SCALE);
  const step = 10n ** BigInt(COIN_SCALE - decimals);
  return units % step === 0n ? units / step : null;
}

/** A 32-byte log topic holding an address, as the address in lower case. */
const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(-40)}`.toLowerCase() : null);

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
  const expected = onChainUnits(payout.receiveUnits, network.decimals);
  const to = payout.address.toLowerCase();
  let pays: boolean;
  if (network.tokenContract) {
    pays = receipt.logs.some(
      (log) =>
        log.address.toLowerCase() === network.tokenContract &&
        log.topics[0] === TRANSFER_TOPIC &&
        log.topics.length === 3 &&
        topicAddress(log.topics[2]) === to &&
        BigInt(log.data) === expected,
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
