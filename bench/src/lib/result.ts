import { appendFileSync, mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { cpuProbeSeconds, roundTripProbeMicros } from "./host-speed.js";

const resultsDir = fileURLToPath(new URL("../../results", import.meta.url));

/** A goal the run is held to: which figure, the target, and whether this run met it. */
export type Goal = { metric: string; target: string; met: boolean };

export type BenchResult = {
  bench: string;
  cores: number;
  goal: Goal;
  baseline?: Record<string, unknown>;
  [figure: string]: unknown;
};

export const cores = availableParallelism();

let loadBefore = loadavg()[0]!;
let probeBefore: number | null = null;
let roundTripBefore: number | null = null;

/**
 * Notes the machine's load and its speed just before a benchmark starts (a core's work, and a
 * round trip to another process): a busy machine, or a slower host, explains slow figures.
 */
export function markStart(): void {
  loadBefore = loadavg()[0]!;
  probeBefore = cpuProbeSeconds();
  roundTripBefore = roundTripProbeMicros();
}

/** Prints the result as one JSON line and appends it to bench/results/latest.jsonl. */
export function report(result: BenchResult): void {
  const context = {
    quick: isQuick(),
    load_before_1m: Math.round(loadBefore * 100) / 100,
    cpu_probe_s: probeBefore ?? cpuProbeSeconds(),
    round_trip_probe_us: roundTripBefore ?? roundTripProbeMicros(),
    at: new Date().toISOString(),
  };
  const line = JSON.stringify({ ...result, ...context });
  mkdirSync(resultsDir, { recursive: true });
  appendFileSync(`${resultsDir}/latest.jsonl`, `${line}\n`);
  process.stdout.write(`${line}\n`);
}

export function isQuick(): boolean {
  return process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
}

/** Progress goes to stderr so stdout stays one JSON line per benchmark. */
export function note(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
