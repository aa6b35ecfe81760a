/**
 * The order chat's outbox: messages typed while the device could not reach the server, kept in
 * storage (one entry per person and order, so a reload keeps them and another account on the
 * same phone never sends them) until they are sent. Each message keeps one Idempotency-Key for
 * every resend, so a retry after a lost answer replays the first answer instead of posting twice.
 * Pure: the storage and the sending are passed in.
 */

export type QueuedMessage = {
  /** The message's Idempotency-Key, also its id while queued. */
  key: string;
  content: string;
  created_at: string;
  /** "waiting": not sent yet; "refused": the server answered no, with its (English) message. */
  state: "waiting" | "refused";
  error?: string;
};

export type OutboxStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const outboxKey = (userId: string, orderId: string) => `naijap2p.chat-outbox.${userId}.${orderId}`;

export function readOutbox(storage: OutboxStorage, key: string): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isQueuedMessage) : [];
  } catch {
    return [];
  }
}

function writeOutbox(storage: OutboxStorage, key: string, items: QueuedMessage[]): QueuedMessage[] {
  try {
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full or refused: the queue still lives in the page until it is sent.
  }
  return items;
}

/** Every change re-reads storage first, so another tab's changes are kept. */
function update(storage: OutboxStorage, key: string, change: (items: QueuedMessage[]) => QueuedMessage[]): QueuedMessage[] {
  return writeOutbox(storage, key, change(readOutbox(storage, key)));
}

export function enqueue(storage: OutboxStorage, key: string, message: Pick<QueuedMessage, "key" | "content" | "created_at">): QueuedMessage[] {
  return update(storage, key, (items) => (items.some((m) => m.key === message.key) ? items : [...items, { ...message, state: "waiting" }]));
}

export function discard(storage: OutboxStorage, key: string, messageKey: string): QueuedMessage[] {
  return update(storage, key, (items) => items.filter((m) => m.key !== messageKey));
}

/**
 * Puts a refused message back in line under a fresh key: the server stored its refusal under
 * the old one and would only replay it. A waiting message keeps its key.
 */
export function requeue(storage: OutboxStorage, key: string, messageKey: string, freshKey: string): QueuedMessage[] {
  return update(storage, key, (items) =>
    items.map((m) =>
      m.key === messageKey && m.state === "refused" ? { key: freshKey, content: m.content, created_at: m.created_at, state: "waiting" } : m,
    ),
  );
}

export type FlushOptions<M> = {
  storage: OutboxStorage;
  key: string;
  send: (message: QueuedMessage) => Promise<M>;
  /** True when nobody knows whether the send landed (offline, no answer, 5xx): stop and keep it waiting. */
  isRetryable: (error: unknown) => boolean;
  errorText: (error: unknown) => string;
};

const running = new Map<string, Promise<unknown[]>>();

/**
 * Sends the waiting messages in the order they were typed and removes each once the server has
 * it. The first one that can't get through stops the run (the connection is gone again); one the
 * server refuses is marked refused and stops it too, and so does one refused before: the messages
 * behind it wait until the person retries or discards it, so none arrives before an earlier one.
 * A run already under way for this outbox is joined rather than started again, so the `online`
 * event, the socket's return, a retry tap and a mount never send a message twice at once.
 */
export function flushOutbox<M>(options: FlushOptions<M>): Promise<M[]> {
  const current = running.get(options.key) as Promise<M[]> | undefined;
  if (current) return current;
  const run = sendWaiting(options).finally(() => running.delete(options.key));
  running.set(options.key, run);
  return run;
}

async function sendWaiting<M>({ storage, key, send, isRetryable, errorText }: FlushOptions<M>): Promise<M[]> {
  const sent: M[] = [];
  for (const message of readOutbox(storage, key)) {
    if (message.state === "refused") break;
    // Discarded meanwhile (here or in another tab): not ours to send any more.
    if (!readOutbox(storage, key).some((m) => m.key === message.key)) continue;
    try {
      sent.push(await send(message));
      discard(storage, key, message.key);
    } catch (error) {
      if (!isRetryable(error)) {
        update(storage, key, (items) => items.map((m) => (m.key === message.key ? { ...m, state: "refused", error: errorText(error) } : m)));
      }
      break;
    }
  }
  return sent;
}

function isQueuedMessage(value: unknown): value is QueuedMessage {
  const m = value as Partial<QueuedMessage> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    typeof m.key === "string" &&
    typeof m.content === "string" &&
    typeof m.created_at === "string" &&
    (m.state === "waiting" || m.state === "refused")
  );
}
