import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuilt, spawnProduct } from "./lib/product-process.js";
import { cores, isQuick, note, report } from "./lib/result.js";
import { median, round } from "./lib/stats.js";

/** Issue #20: the compiled server warm-starts in under 2 s (the foundation asked < 3 s). */
const WARM_GOAL_MS = 2000;

/**
 * One `npm start`: spawn scripts/start.mjs, time until /api/health is 200, stop it. A run in which
 * start.mjs rebuilt the web app (its sources changed meanwhile) measures the build, so it is redone.
 */
async function timeStart(dataDir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    ensureWebBuilt();
    const product = await spawnProduct(["scripts/start.mjs"], { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    try {
      const ms = await product.ready;
      if (!product.output().includes("Building the web app") || attempt === 3) return ms;
      note("start.mjs rebuilt the web app during the run; measuring again");
    } finally {
      await product.stop();
    }
  }
}

/**
 * Cold start: a fresh DATA_DIR (store created, migrated and seeded). Warm start: the same
 * DATA_DIR again, the median of several runs. The web app is built beforehand.
 */
export async function startBench(): Promise<void> {
  const warmRuns = isQuick() ? 1 : 3;
  const dataDir = mkdtempSync(join(tmpdir(), "p2p-bench-start-"));
  try {
    const cold = await timeStart(dataDir);
    note(`cold start ${Math.round(cold)} ms`);
    const warm: number[] = [];
    for (let run = 0; run < warmRuns; run++) {
      warm.push(await timeStart(dataDir));
      note(`warm start ${run + 1}/${warmRuns}: ${Math.round(warm.at(-1)!)} ms`);
    }
    const warmMs = median(warm);
    report({
      bench: "start",
      cores,
      cold_ms: round(cold, 0),
      warm_ms: round(warmMs, 0),
      warm_runs_ms: warm.map((ms) => round(ms, 0)),
      store: "pglite",
      goal: { metric: "warm_ms", target: `< ${WARM_GOAL_MS}`, met: warmMs < WARM_GOAL_MS },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
