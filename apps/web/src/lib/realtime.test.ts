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
});
