import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { jobs } from "../db/schema.js";

export type JobHandler = (payload: unknown, ctx: { db: Db; attempt: number }) => Promise<void>;

const BATCH = 20;

/** Queues work in the caller's transaction, so it exists exactly when the change commits. */
export async function enqueueJob(tx: Db | Tx, kind: string, payload: unknown, options: { runAt?: Date; maxAttempts?: number } = {}): Promise<void> {
  await tx.insert(jobs).values({
    kind,
    payload,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 8,
  });
}

export function backoffSeconds(attempt: number): number {
  return Math.min(2 ** attempt, 3600);
}

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; max_attempts: number };

/**
 * Polls the jobs table. Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * server processes share the work and each job runs once.
 */
export class JobRunner {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  lastTickAt: Date | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly pollMs: number,
    /** How long a claimed job is hidden from other runners; a crashed runner's job reappears after it. */
    private readonly leaseSeconds: number,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job now; tests call this instead of waiting for the poll. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      this.lastTickAt = new Date();
      if (claimed.length === 0) return total;
      for (const job of claimed) await this.execute(job);
      total += claimed.length;
    }
  }

  async pendingCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from jobs where done_at is null and failed_at is null and run_at <= now()`,
    );
    return Number(row?.n ?? 0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runDue()
        .catch((err) => this.log.error({ err }, "job runner tick failed"))
        .then(() => this.schedule(this.pollMs));
    }, delay);
  }

  private async claim(): Promise<ClaimedJob[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    return queryRows<ClaimedJob>(
      this.db,
      sql`
      update jobs set attempts = attempts + 1, run_at = now() + make_interval(secs => ${this.leaseSeconds})
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by run_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`,
    );
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    try {
      await handler(job.payload, { db: this.db, attempt: job.attempts });
      await this.db.execute(sql`update jobs set done_at = now(), last_error = null where id = ${job.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message, giveUp }, "job failed");
      await this.db.execute(sql`
        update jobs set last_error = ${message.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          failed_at = ${giveUp ? sql`now()` : sql`null`}
        where id = ${job.id}`);
    }
  }
}
