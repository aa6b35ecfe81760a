import { spawnSync } from "node:child_process";
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

/**
 * How long this host takes to wake another process and hear back: the median microseconds for a
 * one-byte message to a second Node process and back over loopback TCP (5,000 in a row). Every
 * statement and request of the benchmarks is such a round trip, and hosts differ in it far more
 * than in the CPU probe: under a paravirtualized kernel (PVM), where each system call and context
 * switch costs more, the CPU probe took 1.1-1.6 times as long as on a fast host while a trade
 * took 2.2-3.8 times as much of the machine (docs/PERFORMANCE.md, 2026-12-01).
 */
export function roundTripProbeMicros(): number | null {
  const run = spawnSync(process.execPath, ["-e", ROUND_TRIP_PROBE], { encoding: "utf8", timeout: 30_000 });
  const micros = Number(run.stdout);
  return run.status === 0 && micros > 0 ? Math.round(micros * 10) / 10 : null;
}

const ROUND_TRIP_PROBE = `
const { spawn } = require("node:child_process");
const net = require("node:net");
// The echo process leaves when its stdin closes, so a probe cut short (spawnSync's timeout) leaves
// no server behind it listening through the benchmarks.
const echo = spawn(process.execPath, ["-e", "process.stdin.on('end', () => process.exit(0)).resume(); const s = require('node:net').createServer((c) => { c.setNoDelay(true); c.on('data', (d) => c.write(d)); }).listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port)));"], { stdio: ["pipe", "pipe", "inherit"] });
echo.stdout.once("data", (port) => {
  const socket = net.connect(Number(port), "127.0.0.1", () => {
    socket.setNoDelay(true);
    const micros = [];
    let sent = 0n;
    const ping = () => { sent = process.hrtime.bigint(); socket.write("x"); };
    socket.on("data", () => {
      micros.push(Number(process.hrtime.bigint() - sent) / 1000);
      if (micros.length < 5000) return ping();
      micros.sort((a, b) => a - b);
      process.stdout.write(String(micros[micros.length >> 1]));
      echo.kill();
      process.exit(0);
    });
    ping();
  });
});
`;
