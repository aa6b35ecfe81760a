import { monitorEventLoopDelay } from "node:perf_hooks";
import { CpuMeter, cpuMsPer, type CpuFigures } from "../lib/cpu.js";
import { quantile, round } from "../lib/stats.js";
import type { Chat, Load, Party } from "./config.js";

// The measured loop, shared by the app, the relay and the HTTP floor.

export type Measured = {
  sent: number;
  /** Sends answered (HTTP 201, or handed to the relay socket) within the window, per second: the throughput kept up with. */
  answered_per_s: number;
  send_errors: number;
  delivered: number;
  delivered_share: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  send_ms?: { p50: number; p99: number };
  error_samples: string[];
  client_event_loop_delay_p99_ms: number;
  cpu: CpuFigures & { ms_per_message: number };
};

type Pending = { sentAt: number; to: string; inWindow: boolean };

export class Tracker {
  readonly pending = new Map<number, Pending>();
  latencies: number[] = [];
  delivered = 0;
  /** Forgets a finished run, so the same sockets can report a second one. */
  reset(): void {
    this.pending.clear();
    this.latencies = [];
    this.delivered = 0;
  }
  /** Called by a receiving socket: the message k reached user `to`. */
  received(k: number, to: string): void {
    const p = this.pending.get(k);
    if (!p || p.to !== to) return;
    this.pending.delete(k);
    if (!p.inWindow) return;
    this.delivered++;
    this.latencies.push(performance.now() - p.sentAt);
  }
  outstandingInWindow(): number {
    let n = 0;
    for (const p of this.pending.values()) if (p.inWindow) n++;
    return n;
  }
}

/**
 * Sends `ratePerS` messages per second (open loop: the schedule never waits for answers) through
 * `send`, round-robin over the chats with the sender alternating, for warm-up + duration; then
 * waits up to drainMs for the window's messages still on their way.
 */
export async function drive(
  load: Load,
  chats: Chat[],
  tracker: Tracker,
  send: (k: number, chat: Chat, from: Party) => Promise<string | null>,
  meter: CpuMeter,
  /** The first message number: a second run on the same sockets starts past the first's. */
  seqFrom = 0,
): Promise<Measured> {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  const sendTimes: number[] = [];
  const errors = new Map<string, number>();
  let sent = 0;
  let answered = 0;
  let sendErrors = 0;
  let k = seqFrom;
  const inflight = new Set<Promise<void>>();
  const t0 = performance.now();
  const windowStart = t0 + load.warmupMs;
  const windowEnd = windowStart + load.durationMs;
  let cpu: CpuFigures | null = null;
  let begun = false;

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (!begun && now >= windowStart) {
        begun = true;
        meter.begin();
        lag.enable();
      }
      if (now >= windowEnd) {
        clearInterval(timer);
        cpu = meter.end();
        lag.disable();
        resolve();
        return;
      }
      const due = seqFrom + Math.floor(((now - t0) / 1000) * load.ratePerS);
      while (k < due) {
        const seq = k++;
        const chat = chats[seq % chats.length]!;
        const from = Math.floor(seq / chats.length) % 2 === 0 ? chat.buyer : chat.merchant;
        const to = from === chat.buyer ? chat.merchant : chat.buyer;
        const sentAt = performance.now();
        const inWindow = sentAt >= windowStart;
        if (inWindow) sent++;
        tracker.pending.set(seq, { sentAt, to: to.userId, inWindow });
        const p = send(seq, chat, from).then(
          (error) => {
            const at = performance.now();
            if (inWindow) sendTimes.push(at - sentAt);
            if (error === null && at >= windowStart && at <= windowEnd) answered++;
            if (error === null) return;
            tracker.pending.delete(seq);
            if (inWindow) sendErrors++;
            errors.set(error, (errors.get(error) ?? 0) + 1);
          },
          (err: Error) => {
            tracker.pending.delete(seq);
            if (inWindow) sendErrors++;
            errors.set(err.message, (errors.get(err.message) ?? 0) + 1);
          },
        );
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
    };
    const timer = setInterval(tick, 2);
  });

  await Promise.all(inflight);
  const drainEnd = performance.now() + load.drainMs;
  while (tracker.outstandingInWindow() > 0 && performance.now() < drainEnd) await new Promise((r) => setTimeout(r, 20));

  const used = cpu!;
  const answeredPerS = round(answered / (load.durationMs / 1000));
  return {
    sent,
    answered_per_s: answeredPerS,
    send_errors: sendErrors,
    delivered: tracker.delivered,
    delivered_share: sent > 0 ? round(tracker.delivered / sent, 4) : 0,
    latency_ms: {
      p50: quantile(tracker.latencies, 0.5),
      p90: quantile(tracker.latencies, 0.9),
      p99: quantile(tracker.latencies, 0.99),
      max: round(Math.max(...tracker.latencies)),
    },
    send_ms: { p50: quantile(sendTimes, 0.5), p99: quantile(sendTimes, 0.99) },
    error_samples: [...errors].slice(0, 5).map(([e, n]) => `${n}× ${e}`.slice(0, 300)),
    client_event_loop_delay_p99_ms: round(lag.percentile(99) / 1e6),
    cpu: { ...used, ms_per_message: cpuMsPer(used, Math.max(answeredPerS, 1)) },
  };
}

/** Opens sockets `concurrency` at a time; each resolves once `ready` says so. */
export async function openAll<T>(items: T[], concurrency: number, open: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await open(items[next++]!);
    }),
  );
}
