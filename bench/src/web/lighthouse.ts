import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH } from "../../../e2e/support/browser.js";
import { round } from "../lib/stats.js";

export type LighthouseRun = {
  score: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  speed_index_ms: number;
  /** Lighthouse's own measure of this machine's CPU, taken in the run (lhr.environment.benchmarkIndex). */
  benchmark_index: number;
};

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Tries a run again this many times when Lighthouse itself says its trace failed. */
const ATTEMPTS = 3;

/**
 * One Lighthouse performance run of `url` in its default setting (mobile, simulated slow 4G and
 * 4× CPU slowdown) in a fresh system Chromium. A run whose trace Lighthouse could not record
 * (its runtime errors, such as NO_NAVSTART on a page that loads in a few milliseconds, end in
 * "Please run Lighthouse again") is run again in a new browser; any other failure is thrown.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw err;
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse failed on ${url}: no result`);
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp_ms: metric("first-contentful-paint"),
      lcp_ms: metric("largest-contentful-paint"),
      tbt_ms: metric("total-blocking-time"),
      cls: round(lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN, 4),
      speed_index_ms: metric("speed-index"),
      benchmark_index: round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}
