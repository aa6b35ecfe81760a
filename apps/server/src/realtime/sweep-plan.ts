import type { Db } from "../db/client.js";
import { newestEventId, topicsWrittenAfter } from "./append-event.js";

/** Topics a sweep reads in turn besides those written since its last look. */
const SWEEP_SLICE = 1000;

/**
 * Which topics the hub's sweep reads for events committed but never delivered. Each sweep looks
 * at the topics written since the look before last (one interval of overlap, for a transaction
 * that took its ids before a look and committed after it), and at the next `SWEEP_SLICE` topics
 * in turn, which finds even a commit later than that. Its cost follows the events written, not
 * the sockets open: with 10,000 idle sockets, every topic's cursor every 2 s kept PostgreSQL busy.
 */
export class SweepPlan {
  /** The newest event id the last two looks reached: the next look reads after the first. */
  private marks: [number, number] | null = null;
  /** The topics yet to read in this turn. */
  private turn: string[] = [];

  constructor(private readonly db: Db) {}

  /** The cursors to read now, of the topics served here (`streams`); every one of them when `full`. */
  async cursors(streams: ReadonlyMap<string, { cursor: number }>, full: boolean): Promise<{ topic: string; after: number }[]> {
    if (!this.marks) {
      const newest = await newestEventId(this.db);
      this.marks = [newest, newest];
    }
    const [since, last] = this.marks;
    const behind = new Map<string, number>();
    let newest = last;
    for (const [topic, lastId] of await topicsWrittenAfter(this.db, since)) {
      newest = Math.max(newest, lastId);
      const stream = streams.get(topic);
      if (stream && lastId > stream.cursor) behind.set(topic, stream.cursor);
    }
    this.marks = [last, newest];
    if (!full && this.turn.length === 0) this.turn = [...streams.keys()];
    for (const topic of full ? streams.keys() : this.turn.splice(0, SWEEP_SLICE)) {
      const stream = streams.get(topic);
      if (stream) behind.set(topic, stream.cursor);
    }
    return [...behind].map(([topic, after]) => ({ topic, after }));
  }
}
