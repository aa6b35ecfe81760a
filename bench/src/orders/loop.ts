import { quantile, round } from "../lib/stats.js";
import { CLIENTS, TRANSITIONS, type Timing, type Transition } from "./config.js";

// ---------------------------------------------------------------------------------------------
// The measured loop, shared by the app and the baseline: each client runs whole trades, one
// transition after another, until the window closes, and finishes the trade it is in.

export type StepResult = { ok: true } | { ok: false; error: string };
export type Trade = (client: number) => AsyncGenerator<[Transition, () => Promise<StepResult>]>;

export type LoopFigures = {
  trades_per_s: number;
  transitions_per_s: number;
  trades: number;
  transitions: number;
  latency_ms: Record<Transition, { p50: number; p99: number; max: number }>;
  errors: number;
  error_samples: string[];
};

export async function runLoop(trade: Trade, timing: Timing, onWindow?: { begin(): void; end(): void }): Promise<LoopFigures> {
  const t0 = performance.now();
  const windowStart = t0 + timing.warmupMs;
  const windowEnd = windowStart + timing.durationMs;
  const samples = Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]])) as Record<Transition, number[]>;
  let trades = 0;
  let transitions = 0;
  let errors = 0;
  const errorSamples = new Map<string, number>();
  let begun = false;
  const windowTimer = setTimeout(() => {
    begun = true;
    onWindow?.begin();
  }, timing.warmupMs);
  const endTimer = setTimeout(() => onWindow?.end(), timing.warmupMs + timing.durationMs);

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < windowEnd) {
        for await (const [transition, step] of trade(client)) {
          const started = performance.now();
          let result: StepResult;
          try {
            result = await step();
          } catch (err) {
            result = { ok: false, error: (err as Error).message };
          }
          const ended = performance.now();
          const inWindow = ended >= windowStart && ended <= windowEnd;
          if (!result.ok) {
            if (inWindow) errors++;
            const key = `${transition}: ${result.error}`.slice(0, 300);
            errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
            break;
          }
          if (started >= windowStart && started <= windowEnd) samples[transition].push(ended - started);
          if (inWindow) {
            transitions++;
            if (transition === "confirm") trades++;
          }
        }
      }
    }),
  );
  clearTimeout(windowTimer);
  clearTimeout(endTimer);
  if (!begun) throw new Error("the measuring window never opened");
  const seconds = timing.durationMs / 1000;
  return {
    trades_per_s: round(trades / seconds),
    transitions_per_s: round(transitions / seconds),
    trades,
    transitions,
    latency_ms: Object.fromEntries(
      TRANSITIONS.map((t) => [t, { p50: quantile(samples[t], 0.5), p99: quantile(samples[t], 0.99), max: round(Math.max(...samples[t])) }]),
    ) as LoopFigures["latency_ms"],
    errors,
    error_samples: [...errorSamples].slice(0, 5).map(([k, n]) => `${n}× ${k}`),
  };
}

export type OpenLoopFigures = {
  offered_trades_per_s: number;
  trades_per_s: number;
  transitions_per_s: number;
  latency_ms: Record<Transition, { p50: number; p99: number; max: number }>;
  /** Trades still running when the window closed: the server fell behind the offered rate. */
  in_flight_at_end: number;
  errors: number;
  error_samples: string[];
};

/**
 * An open loop: a new trade starts every 1/rate seconds whether or not earlier ones finished (as
 * people arrive), each running its transitions one after another. Unlike the closed loop, waiting
 * does not slow the offered load, so the latencies are what a person sees at that rate.
 */
export async function runOpenLoop(trade: Trade, tradesPerS: number, timing: Timing): Promise<OpenLoopFigures> {
  const samples = Object.fromEntries(TRANSITIONS.map((t) => [t, [] as number[]])) as Record<Transition, number[]>;
  const errorSamples = new Map<string, number>();
  const t0 = performance.now();
  const windowStart = t0 + timing.warmupMs;
  const windowEnd = windowStart + timing.durationMs;
  let trades = 0;
  let transitions = 0;
  let errors = 0;
  let running = 0;
  const tasks: Promise<void>[] = [];
  const runOne = async (client: number) => {
    running++;
    try {
      for await (const [transition, step] of trade(client)) {
        const started = performance.now();
        let result: StepResult;
        try {
          result = await step();
        } catch (err) {
          result = { ok: false, error: (err as Error).message };
        }
        const ended = performance.now();
        if (!result.ok) {
          if (started >= windowStart && started <= windowEnd) errors++;
          const key = `${transition}: ${result.error}`.slice(0, 300);
          errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
          break;
        }
        if (started >= windowStart && started <= windowEnd) {
          samples[transition].push(ended - started);
          transitions++;
          if (transition === "confirm") trades++;
        }
      }
    } finally {
      running--;
    }
  };
  const interval = 1000 / tradesPerS;
  for (let i = 0; ; i++) {
    const due = t0 + i * interval;
    if (due >= windowEnd) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    tasks.push(runOne(i % CLIENTS));
  }
  const inFlightAtEnd = running;
  await Promise.all(tasks);
  const seconds = timing.durationMs / 1000;
  return {
    offered_trades_per_s: tradesPerS,
    trades_per_s: round(trades / seconds),
    transitions_per_s: round(transitions / seconds),
    latency_ms: Object.fromEntries(
      TRANSITIONS.map((t) => [t, { p50: quantile(samples[t], 0.5), p99: quantile(samples[t], 0.99), max: round(Math.max(...samples[t])) }]),
    ) as OpenLoopFigures["latency_ms"],
    in_flight_at_end: inFlightAtEnd,
    errors,
    error_samples: [...errorSamples].slice(0, 5).map(([k, n]) => `${n}× ${k}`),
  };
}
