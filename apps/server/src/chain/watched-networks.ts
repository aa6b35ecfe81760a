import { and, asc, eq, inArray } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { networks } from "../db/schema.js";
import type { NetworkRow } from "../networks/find-network.js";

/** The lease that lets one process at a time watch a network. */
export const watcherLease = (network: Pick<NetworkRow, "coin" | "code">) => `chain:${network.coin}:${network.code}`;

/** "USDT/BEP20": a network's label in logs and metrics. */
export const networkLabel = (network: { coin: string; code: string }) => `${network.coin}/${network.code}`;

/**
 * The networks this deployment watches: EVM networks open for deposits whose chain has a JSON-RPC
 * URL in CHAIN_RPC_URLS. Read again at every poll, so an admin's change (a paused network, a new
 * token contract) takes effect at once.
 */
export async function watchedNetworks(db: Db, config: Pick<Config, "chainRpcUrls">): Promise<NetworkRow[]> {
  const chainIds = [...config.chainRpcUrls.keys()];
  if (chainIds.length === 0) return [];
  return db
    .select()
    .from(networks)
    .where(and(eq(networks.kind, "evm"), eq(networks.depositsEnabled, true), inArray(networks.chainId, chainIds)))
    .orderBy(asc(networks.coin), asc(networks.code));
}
