import { formatCoin } from "@p2p/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { erc20Abi, type Address, type PublicClient } from "viem";
import { chainClient } from "../chain/rpc-client.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { depositAddresses, networks, networkScans } from "../db/schema.js";
import { scaleToCoinUnits } from "../chain/token-amount.js";

type NetworkRow = typeof networks.$inferSelect;
export type BalanceRead = { coin: string; network: string; error: string | null };

/** How many addresses are asked at once: enough to be quick, few enough not to trip a public node's rate limit. */
const PARALLEL = 8;

/**
 * Reads what every watched EVM network's deposit addresses hold (Reserves) and stores it on the
 * network's watcher row. A network whose chain has no RPC URL here is skipped; one whose node fails
 * keeps its last reading and answers the error.
 */
export async function readOnchainBalances(options: { db: Db; config: Pick<Config, "chainRpcUrls"> }): Promise<BalanceRead[]> {
  const { db, config } = options;
  const rows = await db.select().from(networks).where(eq(networks.kind, "evm")).orderBy(asc(networks.coin), asc(networks.sortOrder));
  const reads: BalanceRead[] = [];
  for (const network of rows) {
    const client = chainClient(config, network.chainId);
    if (!client) continue;
    try {
      await readNetworkBalance(db, client, network);
      reads.push({ coin: network.coin, network: network.code, error: null });
    } catch (error) {
      reads.push({ coin: network.coin, network: network.code, error: describe(error) });
    }
  }
  return reads;
}

async function readNetworkBalance(db: Db, client: PublicClient, network: NetworkRow): Promise<void> {
  const addresses = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.coin, network.coin), eq(depositAddresses.network, network.code)));
  // Every address at one block, so the total is the chain's state at one moment.
  const head = await client.getBlockNumber();
  const token = network.tokenContract as Address | null;
  const balanceOf = (address: Address): Promise<bigint> =>
    token
      ? client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [address], blockNumber: head })
      : client.getBalance({ address, blockNumber: head });
  let raw = 0n;
  for (let i = 0; i < addresses.length; i += PARALLEL) {
    const batch = await Promise.all(addresses.slice(i, i + PARALLEL).map((a) => balanceOf(a.address as Address)));
    for (const amount of batch) raw += amount;
  }
  const balance = formatCoin(scaleToCoinUnits(raw, network.decimals));
  // The watcher owns next_block: a row made here starts its scan at the current head, and an
  // existing row changes only in its balance columns.
  await db
    .insert(networkScans)
    .values({ coin: network.coin, network: network.code, nextBlock: head, onchainBalance: balance, balanceReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [networkScans.coin, networkScans.network],
      set: { onchainBalance: balance, balanceReadAt: sql`now()` },
    });
}

function describe(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown };
  const text = typeof e?.shortMessage === "string" ? e.shortMessage : typeof e?.message === "string" ? e.message : String(error);
  return text.slice(0, 300);
}
