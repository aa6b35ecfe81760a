import type { Answer } from "./load-client.js";

/** What the server acknowledged to the virtual users (2xx), to be found in the store afterwards. */
export class LoadRecord {
  readonly orders: string[] = [];
  /** Each acknowledged transition by its audit action (`accept`, `open_appeal`, `resolve_refund`…). */
  readonly transitions: { orderId: string; action: string }[] = [];
  readonly chat: { id: string; orderId: string; content: string }[] = [];
  readonly deposits: string[] = [];
  readonly withdrawals: string[] = [];
  /** Orders a virtual user stopped driving because a kill came in between. */
  abandoned = 0;
  /** 4xx answers by status and code, with one example each. */
  readonly refusals = new Map<string, { count: number; example: string }>();

  refuse(what: string, answer: Answer): void {
    const key = `${answer.status} ${answer.body?.error?.code ?? "?"}`;
    const seen = this.refusals.get(key);
    if (seen) seen.count++;
    else this.refusals.set(key, { count: 1, example: `${what}: ${JSON.stringify(answer.body).slice(0, 300)}` });
  }
}
