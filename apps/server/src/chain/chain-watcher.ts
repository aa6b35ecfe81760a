import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { networkScans } from "../db/schema.js";
import { holdLease, releaseLease } from "../db/lease.js";
import type { Metrics } from "../observability/metrics.js";
import type { NetworkRow } from "../networks/find-network.js";
import { chainClient } from "./rpc-client.js";
import { pollNetwork, type ScanMemory } from "./poll-network.js";
import { networkLabel, watchedNetworks, watcherLease } from "./watched-networks.js";

/** A failing network is polled again after CHAIN_POLL_MS doubling per failure, up to this. */
export const MAX_BACKOFF_MS = 5 * 60_000;

type NetworkState = { held: boolean; renewedAt: number; failures: number; retryAt: number; memory: ScanMemory };

/**
 * The chain watchers of this process: every CHAIN_POLL_MS, each watched network (watchedNetworks)
 * is polled by the process holding its lease `chain:<coin>:<code>` (renewed every third of
 * CHAIN_LEASE_SECONDS; another process takes it over once it has expired). A poll that fails (the
 * RPC node down, a timeout) is retried after a backoff doubling from CHAIN_POLL_MS to five minutes;
 * the error is kept in network_scans for /api/health and counted in `chain_watcher_errors_total`.
 * One log line per change of state (watching, failing, recovered), not per retry.
 */
export class ChainWatcher {
  private readonly holder = randomUUID();
  private readonly states = new Map<string, NetworkState>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private listFailed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly config: Pick<Config, "chainRpcUrls" | "CHAIN_POLL_MS" | "CHAIN_LEASE_SECONDS">,
    private readonly metrics: Metrics,
  ) {}

  start(): void {
    if (this.config.chainRpcUrls.size === 0) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    for (const [name, state] of this.states) {
      if (state.held) await releaseLease(this.db, name, this.holder).catch(() => undefined);
    }
    this.states.clear();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.config.CHAIN_POLL_MS);
      });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let list: NetworkRow[];
    try {
      list = await watchedNetworks(this.db, this.config);
      this.listFailed = false;
    } catch (err) {
      if (!this.listFailed) this.log.warn({ err }, "chain: the watched networks could not be read");
      this.listFailed = true;
      return;
    }
    const names = new Set(list.map(watcherLease));
    for (const network of list) {
      if (this.stopped) return;
      await this.pollOne(network);
    }
    // A network paused or no longer configured: its lease goes back at once.
    for (const [name, state] of this.states) {
      if (names.has(name)) continue;
      if (state.held) await releaseLease(this.db, name, this.holder).catch(() => undefined);
      this.states.delete(name);
    }
  }

  private async pollOne(network: NetworkRow): Promise<void> {
    const name = watcherLease(network);
    let state = this.states.get(name);
    if (!state) this.states.set(name, (state = { held: false, renewedAt: 0, failures: 0, retryAt: 0, memory: { lastScanned: null } }));
    if (Date.now() < state.retryAt) return;
    if (!(await this.lease(network, state))) return;
    const client = chainClient(this.config, network.chainId);
    if (!client) return;
    const label = networkLabel(network);
    try {
      await pollNetwork({ db: this.db, log: this.log, client, network, memory: state.memory });
      if (state.failures > 0) this.log.info({ network: label }, "chain: watching again after failures");
      state.failures = 0;
    } catch (err) {
      state.failures++;
      const delay = Math.min(MAX_BACKOFF_MS, this.config.CHAIN_POLL_MS * 2 ** (state.failures - 1));
      state.retryAt = Date.now() + delay;
      this.metrics.chainWatcherErrors.inc({ network: label });
      const reason = errorText(err);
      if (state.failures === 1) this.log.warn({ network: label, reason }, "chain: watching failed; retrying with backoff");
      await this.db
        .update(networkScans)
        .set({ lastError: reason, errorAt: sql`now()` })
        .where(and(eq(networkScans.coin, network.coin), eq(networkScans.network, network.code)))
        .catch(() => undefined);
    }
  }

  /** Takes or renews the network's lease (every third of its length); false while another process holds it. */
  private async lease(network: NetworkRow, state: NetworkState): Promise<boolean> {
    const seconds = this.config.CHAIN_LEASE_SECONDS;
    if (state.held && Date.now() - state.renewedAt < (seconds * 1000) / 3) return true;
    let held = false;
    try {
      held = await holdLease(this.db, watcherLease(network), this.holder, seconds);
    } catch (err) {
      // Unrenewed, the lease lapses and another process may take it: stop rather than watch twice.
      this.log.warn({ err, network: networkLabel(network) }, "chain: the watcher's lease could not be renewed");
    }
    if (held !== state.held) {
      this.log.info({ network: networkLabel(network) }, held ? "chain: watching" : "chain: another process watches this network");
      // A process that takes a network over scans its last blocks again (poll-network.ts).
      if (!held) state.memory.lastScanned = null;
    }
    if (held) state.renewedAt = Date.now();
    state.held = held;
    return held;
  }
}

/** The RPC failure in one line: viem's short message, without its multi-line details. */
function errorText(err: unknown): string {
  const e = err as { shortMessage?: unknown; message?: unknown };
  const text = typeof e?.shortMessage === "string" ? e.shortMessage : typeof e?.message === "string" ? e.message : String(err);
  return text.split("\n")[0]!.slice(0, 500);
}
