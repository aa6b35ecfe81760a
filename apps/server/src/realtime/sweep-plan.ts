import type { Db } from "../db/client.js";
import { newestEventId, topicsWrittenAfter, type TopicCursor } from "./append-event.js";

/** Topics the sweeps of a period read in turn, besides those written since their last looks. */
const TOPICS_A_PERIOD = 1000;

/**
 * Which topics the hub's sweep reads for events committed but never delivered. The sweep runs
 * `ticks` times a period; each looks at the topics written since the look before last (one tick
 * of overlap, for a transaction that took its ids before a look and committed after it: an
 * event's ids are taken by its transaction's last statement, COMMIT right behind it), and at its
 * share of `TOPICS_A_PERIOD` topics in turn, which finds even a commit later than that. Its cost
 * follows the events written, not the sockets open: with 10,000 idle sockets, every topic's
 * cursor every 2 s kept PostgreSQL busy.
 */
export class SweepPlan {
  /** The newest event id the last two looks reached: the next look reads after the first. */
  private marks: [number, number] | null = null;
  /** The topics yet to read in this turn. */
  private turn: string[] = [];

  /** Topics read in turn a sweep. */
  private readonly slice: number;

  constructor(
    private readonly db: Db,
    ticks: number,
  ) {
    this.slice = Math.ceil(TOPICS_A_PERIOD / ticks);
  }

  /** The cursors to read now, of the topics served here (`streams`); every one of them when `full`. */
  async cursors(streams: ReadonlyMap<string, { cursor: number }>, full: boolean): Promise<TopicCursor[]> {
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
    for (const topic of full ? streams.keys() : this.turn.splice(0, this.slice)) {
      const stream = streams.get(topic);
      if (stream) behind.set(topic, stream.cursor);
    }
    return [...behind].map(([topic, after]) => ({ topic, after }));
  }
}
