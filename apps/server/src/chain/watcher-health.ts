import { and, eq, sql } from "drizzle-orm";
import type { HealthResponse } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { networks, networkScans } from "../db/schema.js";
import { watchedNetworks } from "./watched-networks.js";

type ChainHealth = HealthResponse["checks"]["chain"];

/** A watcher counts as healthy while its last successful poll is this recent (or ten polls, if longer). */
const STALE_SECONDS = 60;

/**
 * Each watched network's state as network_scans holds it (written by whichever process watches
 * it): how far behind the head its cursor is, how long since its last successful poll, its last error.
 */
export async function chainHealth(db: Db, config: Pick<Config, "chainRpcUrls" | "CHAIN_POLL_MS">): Promise<ChainHealth> {
  const watched = await watchedNetworks(db, config);
  if (watched.length === 0) return { ok: true, networks: [] };
  const rows = await db
    .select({
      coin: networkScans.coin,
      network: networkScans.network,
      head: networkScans.headBlock,
      next: networkScans.nextBlock,
      secondsAgo: sql<number | null>`extract(epoch from now() - ${networkScans.scannedAt})::float8`,
      lastError: networkScans.lastError,
      errorAt: networkScans.errorAt,
    })
    .from(networkScans)
    .innerJoin(networks, and(eq(networks.coin, networkScans.coin), eq(networks.code, networkScans.network)));
  const scans = new Map(rows.map((r) => [`${r.coin}/${r.network}`, r]));
  const stale = Math.max(STALE_SECONDS, (config.CHAIN_POLL_MS * 10) / 1000);
  const list = watched.map((n) => {
    const scan = scans.get(`${n.coin}/${n.code}`);
    const secondsAgo = scan?.secondsAgo ?? null;
    const lag = scan?.head == null ? null : scan.head - scan.next + 1n;
    return {
      coin: n.coin,
      network: n.code,
      chain_id: n.chainId!,
      ok: secondsAgo !== null && secondsAgo < stale && !scan?.lastError,
      head_block: scan?.head == null ? null : Number(scan.head),
      next_block: scan ? Number(scan.next) : null,
      lag_blocks: lag === null ? null : Number(lag > 0n ? lag : 0n),
      lag_seconds: secondsAgo === null ? null : Math.round(Number(secondsAgo) * 10) / 10,
      last_error: scan?.lastError ?? null,
      error_at: scan?.errorAt?.toISOString() ?? null,
    };
  });
  return { ok: list.every((n) => n.ok), networks: list };
}
