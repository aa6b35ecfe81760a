import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeClient } from "./realtime";

/** The socket the client opens: frames it sent, and a way to answer as the server. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((c: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  answer(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "localhost:3000" });
});
afterEach(() => vi.unstubAllGlobals());

describe("a topic followed for the first time", () => {
  it("tells the screen to read its data again once followed, since events start from the server's current id; a resumed topic does not", () => {
    const client = new RealtimeClient(async () => undefined);
    const started: string[] = [];
    client.onTopicStarted((topic) => started.push(topic));
    client.start();
    const socket = FakeSocket.last!;
    socket.open();
    const off = client.subscribe("order:1");
    expect(socket.sent).toContainEqual({ type: "subscribe", topic: "order:1" });
    socket.answer({ type: "subscribed", topic: "order:1", last_event_id: 41 });
    expect(started).toEqual(["order:1"]);

    // Left and opened again: it resumes after the last id it saw, and the server replays the gap.
    off();
    client.subscribe("order:1");
    expect(socket.sent.at(-1)).toEqual({ type: "subscribe", topic: "order:1", last_event_id: 41 });
    socket.answer({ type: "subscribed", topic: "order:1", last_event_id: 41 });
    expect(started).toEqual(["order:1"]);
    client.stop();
  });

  it("resumes from the session read's cursor: subscribes after it, gets the gap replayed, and tells the screen when the cursor was read", () => {
    const client = new RealtimeClient(
      async () => undefined,
      (topic) => (topic === "user:me" ? { after: 40, readAt: 1_000 } : null),
    );
    const started: [string, number | undefined][] = [];
    const received: number[] = [];
    client.onTopicStarted((topic, readSince) => started.push([topic, readSince]));
    client.onEvent((e) => received.push(e.id!));
    client.subscribe("user:me");
    client.subscribe("market");
    client.start();
    const socket = FakeSocket.last!;
    socket.open();
    expect(socket.sent).toEqual([
      { type: "subscribe", topic: "user:me", last_event_id: 40 },
      { type: "subscribe", topic: "market" },
    ]);

    // The server's current id is past the cursor: what lies between is replayed, and kept.
    socket.answer({ type: "subscribed", topic: "user:me", last_event_id: 43 });
    socket.answer({ type: "subscribed", topic: "market", last_event_id: 7 });
    expect(started).toEqual([
      ["user:me", 1_000],
      ["market", undefined],
    ]);
    for (const id of [41, 42, 43, 42]) socket.answer({ type: "event", topic: "user:me", id, event: "badges.changed", payload: {} });
    socket.answer({ type: "event", topic: "market", id: 7, event: "coins.changed", payload: {} });
    expect(received).toEqual([41, 42, 43]);

    // After a drop it resumes from the last id it saw, as any topic does, and starts nothing again.
    socket.onclose?.({ code: 1006 });
    client.stop();
    client.start();
    FakeSocket.last!.open();
    expect(FakeSocket.last!.sent).toContainEqual({ type: "subscribe", topic: "user:me", last_event_id: 43 });
    expect(started).toHaveLength(2);
    client.stop();
  });
});
