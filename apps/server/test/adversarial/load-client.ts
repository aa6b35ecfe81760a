import type { KillableServer } from "./killable-server.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
export type Answer = { status: number; body: Json };

const ANSWER_WITHIN_MS = 20_000;

/**
 * HTTP for virtual users of a server that gets killed. A request the kill cut off (refused,
 * reset, or unanswered across a kill) comes back as null; a 5xx, or silence from a process that
 * stayed alive, is the server's fault and is kept in `serverFaults`.
 */
export class LoadClient {
  readonly serverFaults: string[] = [];
  requests = 0;

  constructor(readonly server: KillableServer) {}

  async send(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer | null> {
    const epoch = this.server.epoch;
    this.requests++;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      if (timedOut && this.server.epoch === epoch) this.serverFaults.push(`${method} ${path}: no answer within ${ANSWER_WITHIN_MS} ms`);
      return null;
    }
    if (res.status >= 500) this.serverFaults.push(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  /**
   * A money request under an Idempotency-Key, sent again after each kill until a process answers:
   * the answer of the one execution, however many times it was sent.
   */
  async sendOnce(token: string, path: string, body: unknown, key: string): Promise<Answer> {
    for (let attempt = 1; attempt <= 8; attempt++) {
      await this.server.up();
      const answer = await this.send(token, "POST", path, body, { "idempotency-key": key });
      if (answer) return answer;
    }
    throw new Error(`POST ${path} (key ${key}) never answered in 8 attempts`);
  }
}
