import type { ChatMessage } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { insertChatMessages, type NewChatMessage, type NotWritten } from "./insert-chat-messages.js";

type Waiting = { message: NewChatMessage; resolve: (m: ChatMessage) => void; reject: (err: unknown) => void };

/** Statements in flight at once (of a pool of a few connections per core); the rest gather meanwhile. */
const IN_FLIGHT = 2;
const MAX_BATCH = 64;

/**
 * Group commit for chat text messages. A message goes to the database at once when fewer than
 * IN_FLIGHT statements are running; otherwise it waits for one to finish and goes with every
 * other message that arrived meanwhile, in one statement (one commit, one flush of the log).
 * A quiet chat pays nothing; a busy server spends one commit on many messages. Each message is
 * answered only once its statement has committed. If a grouped statement fails, each of its
 * messages is tried alone, in order, so one message's failure is never another's. A message over
 * its sender's limit, or taken on a token whose session the statement could not prove, is refused
 * by the statement itself (the others of the group are written).
 * A sender's messages are written in the order sent: one whose sender has a statement running
 * waits for it (with everything behind it), since two statements at once may commit in either
 * order, and the limit must keep the first ones sent.
 */
export class ChatWriteQueue {
  private waiting: Waiting[] = [];
  private running = 0;
  /** How many running statements hold messages of each sender. */
  private readonly sending = new Map<string, number>();

  constructor(private readonly db: Db) {}

  write(message: NewChatMessage): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < IN_FLIGHT && this.waiting.length > 0) {
      const blocked = this.waiting.findIndex((w) => this.sending.has(w.message.senderId));
      const size = Math.min(MAX_BATCH, blocked === -1 ? this.waiting.length : blocked);
      if (size === 0) return; // the first waiting message's sender has a statement running
      const batch = this.waiting.splice(0, size);
      const senders = batch.map((w) => w.message.senderId);
      for (const s of senders) this.sending.set(s, (this.sending.get(s) ?? 0) + 1);
      this.running++;
      void this.run(batch).finally(() => {
        for (const s of senders) {
          const left = this.sending.get(s)! - 1;
          if (left === 0) this.sending.delete(s);
          else this.sending.set(s, left);
        }
        this.running--;
        this.pump();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const written = await insertChatMessages(
        this.db,
        batch.map((w) => w.message),
      );
      batch.forEach((w, i) => answer(w, written[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) await insertChatMessages(this.db, [w.message]).then(([m]) => answer(w, m), w.reject);
    }
  }
}

function answer(w: Waiting, written: ChatMessage | NotWritten | undefined): void {
  if (written instanceof Error || written === undefined) w.reject(written ?? new Error("a grouped chat message got no answer"));
  else w.resolve(written);
}

const queues = new WeakMap<Db, ChatWriteQueue>();

/** The write queue of an open database (one per server process and store). */
export function chatWriteQueue(db: Db): ChatWriteQueue {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new ChatWriteQueue(db)));
  return queue;
}
