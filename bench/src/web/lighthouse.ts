import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH } from "../../../e2e/support/browser.js";
import { round } from "../lib/stats.js";

export type LighthouseRun = { score: number; fcp_ms: number; lcp_ms: number; tbt_ms: number; cls: number; speed_index_ms: number };

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * One Lighthouse performance run of `url` in its default setting (mobile, simulated slow 4G and
 * 4× CPU slowdown) in a fresh system Chromium.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? "no result"}`);
    const metric = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp_ms: metric("first-contentful-paint"),
      lcp_ms: metric("largest-contentful-paint"),
      tbt_ms: metric("total-blocking-time"),
      cls: round(lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN, 4),
      speed_index_ms: metric("speed-index"),
    };
  } finally {
    chrome.kill();
  }
}
