import { describe, expect, it } from "vitest";
import { discard, enqueue, flushOutbox, outboxKey, readOutbox, requeue, type OutboxStorage, type QueuedMessage } from "./outbox";

/** localStorage's contract over a Map: what survives a reload is what was written. */
function memoryStorage(): OutboxStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

class NetworkDown extends Error {}
class Refused extends Error {}

const KEY = outboxKey("user-1", "order-1");
const typed = (key: string, content = `text ${key}`) => ({ key, content, created_at: "2025-01-01T10:00:00.000Z" });

/** A fake chat API that posts once per Idempotency-Key, like the server. */
function fakeServer() {
  const posted = new Map<string, { id: string; content: string }>();
  const calls: string[] = [];
  let failNext: Error | null = null;
  return {
    posted,
    calls,
    failWith: (error: Error) => void (failNext = error),
    send: async (m: QueuedMessage) => {
      calls.push(m.key);
      await Promise.resolve();
      const failure = failNext;
      failNext = null;
      if (failure) throw failure;
      if (!posted.has(m.key)) posted.set(m.key, { id: `msg-${posted.size + 1}`, content: m.content });
      return posted.get(m.key)!;
    },
  };
}

const flush = (storage: OutboxStorage, server: ReturnType<typeof fakeServer>) =>
  flushOutbox({ storage, key: KEY, send: server.send, isRetryable: (e) => e instanceof NetworkDown, errorText: (e) => (e as Error).message });

describe("chat outbox", () => {
  it("keeps queued messages per person and order in storage, in the order typed", () => {
    const storage = memoryStorage();
    enqueue(storage, KEY, typed("a"));
    enqueue(storage, KEY, typed("b"));
    enqueue(storage, KEY, typed("a"));
    enqueue(storage, outboxKey("user-2", "order-1"), typed("c"));

    expect(readOutbox(storage, KEY).map((m) => [m.key, m.state])).toEqual([
      ["a", "waiting"],
      ["b", "waiting"],
    ]);
    expect(readOutbox(storage, outboxKey("user-1", "order-2"))).toEqual([]);
    expect(readOutbox(storage, outboxKey("user-2", "order-1")).map((m) => m.key)).toEqual(["c"]);
  });

  it("sends waiting messages in order with their own key and empties the outbox", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a", "first"));
    enqueue(storage, KEY, typed("b", "second"));

    const sent = await flush(storage, server);

    expect(sent.map((m) => m.content)).toEqual(["first", "second"]);
    expect(server.calls).toEqual(["a", "b"]);
    expect(readOutbox(storage, KEY)).toEqual([]);
    expect(storage.data.has(KEY)).toBe(false);
  });

  it("stops at a network failure and keeps the rest waiting under the same keys", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a"));
    enqueue(storage, KEY, typed("b"));
    server.failWith(new NetworkDown("offline"));

    expect(await flush(storage, server)).toEqual([]);
    expect(server.calls).toEqual(["a"]);
    expect(readOutbox(storage, KEY).map((m) => [m.key, m.state])).toEqual([
      ["a", "waiting"],
      ["b", "waiting"],
    ]);

    await flush(storage, server);
    expect(server.calls).toEqual(["a", "a", "b"]);
    expect(readOutbox(storage, KEY)).toEqual([]);
  });

  it("posts once when the answer was lost and the same key is sent again", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a", "paid"));
    // The server stored the message, but the answer never reached the phone.
    const lostAnswer = server.send;
    server.send = async (m) => {
      await lostAnswer(m);
      server.send = lostAnswer;
      throw new NetworkDown("connection reset");
    };

    await flushOutbox({ storage, key: KEY, send: (m) => server.send(m), isRetryable: (e) => e instanceof NetworkDown, errorText: String });
    expect(readOutbox(storage, KEY)).toHaveLength(1);
    const sent = await flush(storage, server);

    expect(server.posted.size).toBe(1);
    expect(sent).toEqual([{ id: "msg-1", content: "paid" }]);
    expect(readOutbox(storage, KEY)).toEqual([]);
  });

  it("sends once when the online event, a retry tap and a reload flush at the same moment", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a"));

    const runs = await Promise.all([flush(storage, server), flush(storage, server), flush(storage, server)]);

    expect(server.calls).toEqual(["a"]);
    expect(runs.every((sent) => sent.length === 1)).toBe(true);
  });

  it("marks a refused message with the server's reason and holds the ones behind it, so none arrives out of order", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a"));
    enqueue(storage, KEY, typed("b"));
    server.failWith(new Refused("You are sending messages too fast."));

    const sent = await flush(storage, server);

    expect(sent).toHaveLength(0);
    expect(readOutbox(storage, KEY)).toEqual([
      { ...typed("a"), state: "refused", error: "You are sending messages too fast." },
      { ...typed("b"), state: "waiting" },
    ]);
    // A refused message is not retried by itself, and the next run sends nothing past it.
    await flush(storage, server);
    expect(server.calls).toEqual(["a"]);
    // Discarded, the ones behind it go, in order.
    discard(storage, KEY, "a");
    expect(await flush(storage, server)).toHaveLength(1);
    expect(server.calls).toEqual(["a", "b"]);
  });

  it("retries a refused message under a fresh key, and forgets a discarded one", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    enqueue(storage, KEY, typed("a", "again"));
    enqueue(storage, KEY, typed("b", "never mind"));
    const refuse = async (): Promise<never> => {
      throw new Refused("Too fast");
    };
    await flushOutbox({ storage, key: KEY, send: refuse, isRetryable: () => false, errorText: (e) => (e as Error).message });
    expect(readOutbox(storage, KEY).map((m) => m.state)).toEqual(["refused", "waiting"]);

    requeue(storage, KEY, "a", "a2");
    requeue(storage, KEY, "missing", "x");
    discard(storage, KEY, "b");
    const sent = await flush(storage, server);

    expect(sent).toEqual([{ id: "msg-1", content: "again" }]);
    expect(server.calls.at(-1)).toBe("a2");
    expect(readOutbox(storage, KEY)).toEqual([]);
  });

  it("ignores storage it cannot read", () => {
    const storage = memoryStorage();
    storage.setItem(KEY, "{not json");
    expect(readOutbox(storage, KEY)).toEqual([]);
    storage.setItem(KEY, JSON.stringify([{ key: "a" }, { ...typed("b"), state: "waiting" }]));
    expect(readOutbox(storage, KEY).map((m) => m.key)).toEqual(["b"]);
  });
});
