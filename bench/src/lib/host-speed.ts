import { createHash } from "node:crypto";

/**
 * How fast this host runs one core's work, so figures from different machines can be told apart:
 * the hosts these benchmarks ran on took from 0.43 s to 3.3 s for the same work. The probe is a
 * SHA-256 chain and an integer loop; the figure is seconds for 1,000,000 hashes and 100,000,000
 * loop steps (the probe docs/PERFORMANCE.md quotes), taken from the fastest of three runs of a
 * tenth of that, so a moment when another process held the core does not count.
 */
export function cpuProbeSeconds(): number {
  let fastestMs = Infinity;
  for (let run = 0; run < 3; run++) fastestMs = Math.min(fastestMs, probeTenthMs());
  return Math.round(fastestMs * 10) / 1000;
}

function probeTenthMs(): number {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 100_000; i++) digest = createHash("sha256").update(digest).digest();
  let x = 0;
  for (let i = 0; i < 10_000_000; i++) x = (x + i) % 1_000_003;
  const ms = performance.now() - started;
  // Keeps the loop's result alive, so the compiler cannot drop the loop.
  if (x === -1 || digest.length === 0) throw new Error("unreachable");
  return ms;
}
