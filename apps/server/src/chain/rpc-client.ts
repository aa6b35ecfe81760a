import { createPublicClient, http, type PublicClient } from "viem";
import type { Config } from "../config.js";

const clients = new Map<string, PublicClient>();

/**
 * The JSON-RPC client of an EVM chain named in CHAIN_RPC_URLS, or null when the chain is not
 * configured (its networks are not watched here). One client per URL; no caching of answers and no
 * retries of its own: callers decide how to back off.
 */
export function chainClient(config: Pick<Config, "chainRpcUrls">, chainId: number | null): PublicClient | null {
  if (chainId === null) return null;
  const url = config.chainRpcUrls.get(chainId);
  if (!url) return null;
  let client = clients.get(url);
  if (!client) {
    client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 10_000 }), cacheTime: 0 }) as PublicClient;
    clients.set(url, client);
  }
  return client;
}
