import WebSocket from "ws";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- frames are read as untyped JSON
export type Frame = Record<string, any>;

/** A /realtime client for tests: collects every frame and waits for conditions, never sleeps. */
export class TestSocket {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (raw) => {
      this.frames.push(JSON.parse((raw as Buffer).toString()) as Frame);
      this.wake();
    });
    ws.on("close", (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  /**
   * Opens a socket with a Bearer token (null: none); resolves once open (or closed). `ca`: the
   * certificate to trust for a wss:// server.
   */
  static async connect(baseUrl: string, token: string | null, headers: Record<string, string> = {}, ca?: string): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/realtime`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(ca ? { ca } : {}),
    });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("close", () => resolve());
      ws.once("error", reject);
    });
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Waits for the first frame (from index `from`) matching the predicate. */
  async waitFor(predicate: (f: Frame) => boolean, timeoutMs = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForClose(timeoutMs = 5000): Promise<number> {
    await this.waitUntil(() => this.closeCode !== null, timeoutMs);
    return this.closeCode!;
  }

  async waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; frames ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Subscribes and waits for the answer: the `subscribed` or `error` frame for the topic. */
  async subscribe(topic: string, lastEventId?: number): Promise<Frame> {
    const from = this.frames.length;
    this.send({ type: "subscribe", topic, ...(lastEventId === undefined ? {} : { last_event_id: lastEventId }) });
    return this.waitFor((f) => (f.type === "subscribed" || f.type === "error") && f.topic === topic, 5000, from);
  }

  events(topic?: string, event?: string): Frame[] {
    return this.frames.filter((f) => f.type === "event" && (!topic || f.topic === topic) && (!event || f.event === event));
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
