import { quantile, round } from "../lib/stats.js";
import type { Answer } from "./http.js";

/*
 * Closed-loop driving: each virtual user runs its iteration again and again, with no think time,
 * until the window closes, and finishes the iteration it is in. Latency samples are the requests
 * started inside the window; throughput counts what completed inside it; errors count the whole
 * run, warm-up included.
 */

/** A request answered with another status than its step expects: the iteration stops there. */
export class StepFailed extends Error {}

export type Timing = { warmupMs: number; durationMs: number };

export class Recorder {
  private readonly samples = new Map<string, number[]>();
  private readonly errorsByStatus = new Map<string, number>();
  private readonly errorSamples = new Map<string, number>();
  requests = 0;
  completed = 0;
  windowStart = Number.POSITIVE_INFINITY;
  windowEnd = Number.POSITIVE_INFINITY;

  /** Times one request of `route` (a route pattern) and checks its status, and its body when `check` is given. */
  async call(route: string, want: number, send: () => Promise<Answer>, check?: (answer: Answer) => string | null): Promise<Answer> {
    const started = performance.now();
    const answer = await send();
    const ended = performance.now();
    if (started >= this.windowStart && started <= this.windowEnd) {
      let list = this.samples.get(route);
      if (!list) this.samples.set(route, (list = []));
      list.push(ended - started);
    }
    if (ended >= this.windowStart && ended <= this.windowEnd) this.requests++;
    const wrong = answer.status === want ? (check?.(answer) ?? null) : null;
    if (answer.status !== want || wrong) {
      const status = answer.status === 0 ? `network ${answer.error}` : wrong ? `${answer.status} but ${wrong}` : String(answer.status);
      this.errorsByStatus.set(status, (this.errorsByStatus.get(status) ?? 0) + 1);
      const detail = wrong ? "" : answer.body?.error ? `${answer.body.error.code} ${answer.body.error.message}` : JSON.stringify(answer.body);
      const key = `${route} → ${status} ${detail}`.slice(0, 300);
      this.errorSamples.set(key, (this.errorSamples.get(key) ?? 0) + 1);
      throw new StepFailed(key);
    }
    return answer;
  }

  /** One iteration done (a complete trade, for the mixed load), if it ended inside the window. */
  done(): void {
    const now = performance.now();
    if (now >= this.windowStart && now <= this.windowEnd) this.completed++;
  }

  figures(durationMs: number) {
    const seconds = durationMs / 1000;
    const byRoute = [...this.samples].sort(([a], [b]) => a.localeCompare(b));
    return {
      requests_per_s: round(this.requests / seconds),
      requests: this.requests,
      latency_ms: Object.fromEntries(
        byRoute.map(([route, s]) => [route, { count: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: round(Math.max(...s)) }]),
      ),
      errors: [...this.errorsByStatus.values()].reduce((a, b) => a + b, 0),
      errors_by_status: Object.fromEntries(this.errorsByStatus),
      error_samples: [...this.errorSamples].slice(0, 5).map(([k, n]) => `${n}× ${k}`),
    };
  }
}

/** Runs `users` virtual users through warm-up and the window; `window` hears when it opens and closes. */
export async function drive(
  users: number,
  timing: Timing,
  recorder: Recorder,
  iteration: (user: number) => Promise<void>,
  window?: { begin(): void; end(): void },
): Promise<void> {
  const t0 = performance.now();
  recorder.windowStart = t0 + timing.warmupMs;
  recorder.windowEnd = recorder.windowStart + timing.durationMs;
  const opened = setTimeout(() => window?.begin(), timing.warmupMs);
  const closed = setTimeout(() => window?.end(), timing.warmupMs + timing.durationMs);
  try {
    await Promise.all(
      Array.from({ length: users }, async (_, user) => {
        while (performance.now() < recorder.windowEnd) {
          try {
            await iteration(user);
          } catch (err) {
            if (!(err instanceof StepFailed)) throw err;
          }
        }
      }),
    );
  } finally {
    clearTimeout(opened);
    clearTimeout(closed);
  }
}
