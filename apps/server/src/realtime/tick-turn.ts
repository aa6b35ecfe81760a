/**
 * A list visited in equal shares over a turn of `ticks` ticks: each item once a turn, a new turn
 * every `ticks` ticks and never sooner. A periodic task over every socket or session, done all at
 * once, is one long stretch of work each period, and the messages that arrive during it wait for
 * it (their p99); in slices of a tick, the same work waits on nothing longer than a slice.
 */
export class TickTurn<T> {
  private left: T[] = [];
  private slice = 0;
  private tick = 0;

  constructor(private readonly ticks: number) {}

  /** This tick's share. `items` is read when a turn begins; what comes during a turn waits for the next. */
  next(items: () => T[]): T[] {
    if (this.tick === 0) {
      this.left = [...items()];
      this.slice = Math.ceil(this.left.length / this.ticks);
    }
    this.tick = (this.tick + 1) % this.ticks;
    return this.left.splice(0, this.slice);
  }
}

/** Ticks of at most `maxTickMs` (or ten a period, when that is shorter), and how many make a period. */
export function ticksOf(periodMs: number, maxTickMs: number): { tickMs: number; ticks: number } {
  const tickMs = Math.min(maxTickMs, periodMs / 10);
  return { tickMs, ticks: Math.max(1, Math.round(periodMs / tickMs)) };
}
