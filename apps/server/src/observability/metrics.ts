import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { queryRows } from "../db/client.js";
import type { BusMessage } from "../realtime/bus.js";

/** What the hub tells the metrics about its sockets. */
export type SocketStats = { connections: number; bufferedBytes: number };

/**
 * The process's Prometheus metrics, in a registry of its own (several apps may share a process in
 * tests). Request latency and order transitions are counted as they happen; orders by status, the
 * job queue and outbox failures are read from the database at each scrape, so every process
 * reports the same truth about the shared store; sockets and the pool are this process's.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by method, route (its template) and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly orderTransitions = new Counter({
    name: "order_transitions_total",
    help: "Order state transitions made by this process, by action (people's and the timers')",
    labelNames: ["action"] as const,
    registers: [this.registry],
  });
  readonly busLag = new Histogram({
    name: "realtime_bus_lag_seconds",
    help: "Time from a realtime message's publication on the bus (right after its transaction committed) to its receipt by this process's hub, by bus and message kind",
    labelNames: ["bus", "kind"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly busEventsReceived = new Counter({
    name: "realtime_bus_events_received_total",
    help: "Stored realtime events this process's hub received from the bus, by bus",
    labelNames: ["bus"] as const,
    registers: [this.registry],
  });

  readonly chainWatcherErrors = new Counter({
    name: "chain_watcher_errors_total",
    help: "Failed polls of a chain watcher in this process (the RPC node down or answering errors), by network (COIN/CODE)",
    labelNames: ["network"] as const,
    registers: [this.registry],
  });

  /** A bus message reached this process's hub: its lag, and the stored events it carried. */
  observeBusReceipt(bus: string, message: BusMessage, publishedAt: number): void {
    // Another process's clock may be a little ahead: a negative lag counts as none.
    this.busLag.observe({ bus, kind: message.kind }, Math.max(0, Date.now() - publishedAt) / 1000);
    if (message.kind === "events") this.busEventsReceived.inc({ bus }, message.events.length);
  }

  /** The hub's figures, once it exists (buildApp). */
  private sockets: () => SocketStats = () => ({ connections: 0, bufferedBytes: 0 });

  observeSockets(stats: () => SocketStats): void {
    this.sockets = stats;
  }

  constructor(database: Database) {
    const sockets = () => this.sockets();
    const { db } = database;
    const registers = [this.registry];
    /** A gauge read from the store at each scrape: one sample per row, labelled by its `label` column. */
    const storeGauge = (name: string, help: string, label: string, query: SQL) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        async collect() {
          this.reset();
          const rows = await queryRows<Record<string, string> & { value: number }>(db, query);
          for (const r of rows) this.set({ [label]: r[label]! }, Number(r.value));
        },
      });
    storeGauge("orders", "Orders in the store by status", "status", sql`select status::text, count(*)::int as value from orders group by status`);
    const due = sql`done_at is null and failed_at is null`;
    storeGauge(
      "jobs_pending",
      "Jobs waiting to run, by kind (mail, push, telegram and order timers among them)",
      "kind",
      sql`select kind, count(*)::int as value from jobs where ${due} group by kind`,
    );
    storeGauge(
      "jobs_oldest_overdue_seconds",
      "How long the oldest due job of each kind has waited past its run time",
      "kind",
      sql`select kind, extract(epoch from now() - min(run_at))::float8 as value from jobs where ${due} and run_at <= now() group by kind`,
    );
    storeGauge(
      "jobs_failed",
      "Jobs that gave up after their last attempt, by kind: the outbox failures per channel (mail.*, push.*, telegram.*)",
      "kind",
      sql`select kind, count(*)::int as value from jobs where failed_at is not null group by kind`,
    );
    // Every scanned network, whichever process watches it (network_scans is shared).
    const network = sql`coin || '/' || network as network`;
    storeGauge(
      "chain_watcher_lag_blocks",
      "Blocks of the chain not yet scanned by its watcher (head - next block + 1, as of its last poll), by network (COIN/CODE)",
      "network",
      sql`select ${network}, greatest(0, coalesce(head_block, next_block - 1) - next_block + 1)::float8 as value from network_scans`,
    );
    storeGauge(
      "chain_watcher_lag_seconds",
      "Seconds since a chain watcher's last successful poll, by network (COIN/CODE)",
      "network",
      sql`select ${network}, extract(epoch from now() - scanned_at)::float8 as value from network_scans where scanned_at is not null`,
    );
    new Gauge({
      name: "websocket_connections",
      help: "Open realtime sockets of this process",
      registers,
      collect() {
        this.set(sockets().connections);
      },
    });
    new Gauge({
      name: "websocket_buffered_bytes",
      help: "Bytes queued to this process's realtime sockets and not yet sent",
      registers,
      collect() {
        this.set(sockets().bufferedBytes);
      },
    });
    if (database.poolStats) {
      new Gauge({
        name: "db_pool_connections",
        help: "This process's PostgreSQL pool: connections by state (idle, busy) and requests waiting for one",
        labelNames: ["state"] as const,
        registers,
        collect() {
          const stats = database.poolStats!();
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "busy" }, stats.total - stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
    }
  }
}
