import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ensureWebBuilt, repoRoot } from "../lib/product-process.js";
import { BASELINE_HTML, BASELINE_PATH } from "./config.js";

/**
 * `npm run build` of the web app into `outDir` (a temporary folder, so apps/web/dist, which other
 * runs may be serving, is left alone), then the baseline page beside it. Returns the seconds taken.
 */
export function buildWeb(outDir: string): number {
  const started = performance.now();
  // Relative to apps/web: vite.config.ts joins its root with the outDir.
  const out = relative(join(repoRoot, "apps/web"), outDir);
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web", "--", "--outDir", out, "--emptyOutDir"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("the web build failed");
  writeFileSync(join(outDir, BASELINE_PATH.slice(1)), BASELINE_HTML);
  return (performance.now() - started) / 1000;
}

/**
 * Quick runs measure the app's own build (apps/web/dist, rebuilt first only when stale: `npm test`
 * has just built it) copied into `outDir`, with the baseline page beside it. Returns null: no
 * build was timed.
 */
export function copyWebBuild(outDir: string): null {
  ensureWebBuilt();
  cpSync(join(repoRoot, "apps/web/dist"), outDir, { recursive: true });
  writeFileSync(join(outDir, BASELINE_PATH.slice(1)), BASELINE_HTML);
  return null;
}
