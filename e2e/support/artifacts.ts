import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext } from "playwright-core";

export const artifactsDir = fileURLToPath(new URL("../artifacts", import.meta.url));

type TaskLike = { name: string; file?: { name: string }; result?: { state?: string } };

export function testFailed(task: TaskLike): boolean {
  return task.result?.state === "fail";
}

/** e2e/artifacts/<spec file>--<test name>, safe as a file name. */
export function artifactBase(task: TaskLike): string {
  const file = basename(task.file?.name ?? "spec").replace(/\.spec\.ts$/, "");
  const slug = `${file}--${task.name}`
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 150);
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, slug);
}

/**
 * Tracing costs every test its snapshots, so it runs only with E2E_TRACE=1 (re-run a failing file
 * with it); a failing test always keeps a screenshot of each open page and the server's output.
 */
const tracing = process.env.E2E_TRACE === "1";

export async function startTracing(context: BrowserContext): Promise<void> {
  if (tracing) await context.tracing.start({ screenshots: true, snapshots: true, sources: false });
}

/** `label` tells apart the browser contexts of one test ("", "-context2", …). */
export async function finishTracing(context: BrowserContext, task: TaskLike, label = ""): Promise<void> {
  if (!testFailed(task)) {
    if (tracing) await context.tracing.stop();
    return;
  }
  const base = artifactBase(task) + label;
  const pages = context.pages();
  for (const [index, page] of pages.entries()) {
    const suffix = pages.length > 1 ? `-page${index + 1}` : "";
    await page.screenshot({ path: `${base}${suffix}.png`, fullPage: true }).catch(() => undefined);
  }
  if (tracing) await context.tracing.stop({ path: `${base}.trace.zip` });
}

export function saveServerLog(task: TaskLike, output: string): void {
  if (testFailed(task)) writeFileSync(`${artifactBase(task)}.server.log`, output);
}
