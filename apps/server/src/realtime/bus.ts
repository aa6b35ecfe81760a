import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { EventRow, NewEvent } from "./event-types.js";

/**
 * What crosses the bus: committed events (stored rows), an ephemeral event that is never stored,
 * or word that a user's rights changed (their sockets re-check: `rights.ts`).
 */
export type BusMessage = { kind: "events"; events: EventRow[] } | ({ kind: "ephemeral" } & NewEvent) | { kind: "rights"; userId: string };

/** Receives a message and when it was published (ms since the epoch, the publisher's clock). */
export type BusHandler = (message: BusMessage, publishedAt: number) => void;

/**
 * Carries realtime messages to every server process. Delivery is best effort: a subscriber that
 * misses a stored event finds it in the events table (by `prev`, or in its periodic sweep).
 */
export type Bus = {
  readonly name: string;
  readonly ok: boolean;
  publish(message: BusMessage): void;
  /** The handler gets each message with the time it was published (ms since the epoch): its lag is now minus that. */
  subscribe(handler: BusHandler): void;
  /** Called after a reconnect: whatever was published meanwhile was lost. */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
};

/** One process: an EventEmitter. */
export class InProcessBus implements Bus {
  readonly name = "in-process";
  readonly ok = true;
  private emitter = new EventEmitter().setMaxListeners(0);

  publish(message: BusMessage): void {
    // Asynchronous like a real bus, so a publisher never runs subscribers inside its own call.
    const publishedAt = Date.now();
    queueMicrotask(() => this.emitter.emit("message", message, publishedAt));
  }
  subscribe(handler: BusHandler): void {
    this.emitter.on("message", handler);
  }
  onReconnect(): void {}
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Where a deployment's processes meet on a shared Redis: `deployment.ts` says which one this is. */
export type BusScope = { deployment: string; prefix: string };
/** A message as it crosses Redis: with the deployment that sent it and when. */
type Envelope = { deployment: string; message: BusMessage; published_at: number };

/**
 * Redis pub/sub: one channel per deployment (`<prefix>:realtime`) every process of it subscribes
 * to; each hub keeps the topics it serves. A message of another deployment (one sharing the Redis
 * and, by configuration, the prefix) is dropped: its event ids are not this database's.
 */
export class RedisBus implements Bus {
  readonly name = "redis";
  private readonly channel: string;
  private pub: Redis;
  private sub: Redis;
  private handlers: BusHandler[] = [];
  private reconnectHandlers: (() => void)[] = [];
  private wasReady = false;

  constructor(
    url: string,
    private readonly log: Logger,
    private readonly scope: BusScope,
  ) {
    this.channel = `${scope.prefix}:realtime`;
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const client of [this.pub, this.sub]) client.on("error", (err) => this.log.warn({ err: err.message }, "redis bus error"));
    this.sub.on("ready", () => {
      if (this.wasReady) for (const h of this.reconnectHandlers) h();
      this.wasReady = true;
    });
    void this.sub.subscribe(this.channel).catch((err) => this.log.error({ err }, "redis bus: subscribe failed"));
    this.sub.on("message", (_channel, raw: string) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (envelope?.deployment !== this.scope.deployment || !envelope.message) return;
      const publishedAt = typeof envelope.published_at === "number" ? envelope.published_at : Date.now();
      for (const h of this.handlers) h(envelope.message, publishedAt);
    });
  }

  /** Resolves once both connections are up (or rejects after the timeout). */
  async ready(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ok) {
      if (Date.now() > deadline) throw new Error("redis bus: not ready");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  get ok(): boolean {
    return this.pub.status === "ready" && this.sub.status === "ready";
  }

  publish(message: BusMessage): void {
    if (this.pub.status !== "ready") return; // the subscribers' sweep will find stored events
    const envelope: Envelope = { deployment: this.scope.deployment, message, published_at: Date.now() };
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch((err: Error) => this.log.warn({ err: err.message }, "redis bus: publish failed"));
  }
  subscribe(handler: BusHandler): void {
    this.handlers.push(handler);
  }
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }
  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

export async function createBus(redisUrl: string | undefined, log: Logger, scope: () => Promise<BusScope>): Promise<Bus> {
  if (!redisUrl) return new InProcessBus();
  const bus = new RedisBus(redisUrl, log, await scope());
  await bus.ready().catch((err: Error) => log.warn({ err: err.message }, "redis bus not ready at start; retrying in the background"));
  return bus;
}
