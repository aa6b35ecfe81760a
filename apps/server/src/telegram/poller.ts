import { randomUUID } from "node:crypto";
import { GrammyError, type Bot } from "grammy";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { holdLease, releaseLease } from "../db/lease.js";

const LEASE = "telegram.polling";
const MAX_BACKOFF_MS = 60_000;
/** Polling that has run this long without failing starts its next backoff from 1 s again. */
const HEALTHY_MS = 60_000;

/**
 * Long polling by one process at a time across every process on the database (Telegram answers
 * a second poller with 409): the process holding the lease polls and renews it every third of
 * its length; the others check as often and take it over once it has expired. Polling that stops
 * on an error (a 409, the network) starts again after a backoff of 1 s doubling to a minute,
 * while the lease is still this process's; a process that loses it stops polling.
 */
export class TelegramPoller {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private startedAt = 0;
  private failures = 0;
  private retryAt = 0;
  private stopped = false;

  constructor(
    private readonly bot: Bot,
    private readonly db: Db,
    private readonly log: Logger,
    private readonly leaseSeconds: number,
  ) {}

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), (this.leaseSeconds * 1000) / 3);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.stopPolling();
    await releaseLease(this.db, LEASE, this.holder).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    let held = false;
    try {
      held = await holdLease(this.db, LEASE, this.holder, this.leaseSeconds);
    } catch (err) {
      // Unrenewed, the lease lapses and another process may take it: stop rather than poll twice.
      this.log.warn({ err }, "telegram: the polling lease could not be renewed");
    }
    if (this.stopped) return;
    if (!held) return this.stopPolling();
    if (this.polling && Date.now() - this.startedAt > HEALTHY_MS) this.failures = 0;
    if (!this.polling && Date.now() >= this.retryAt) this.startPolling();
  }

  private startPolling(): void {
    this.startedAt = Date.now();
    this.log.info("telegram bot polling");
    // bot.start resolves when stopped and rejects when polling fails for good.
    const run: Promise<void> = this.bot
      .start()
      .catch((err: unknown) => {
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.failures++);
        this.retryAt = Date.now() + delay;
        const reason = err instanceof GrammyError ? `${err.error_code} ${err.description}` : String(err);
        this.log.warn({ reason, retryInMs: delay }, "telegram polling stopped; it starts again after a backoff");
      })
      .finally(() => {
        if (this.polling === run) this.polling = null;
      });
    this.polling = run;
  }

  private async stopPolling(): Promise<void> {
    const run = this.polling;
    if (!run) return;
    if (this.bot.isRunning()) await this.bot.stop().catch(() => undefined);
    await run;
  }
}
