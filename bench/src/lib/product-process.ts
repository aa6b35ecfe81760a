import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { note } from "./result.js";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** Variables that would send the product to outside services instead of its embedded defaults. */
const OUTSIDE_SERVICES = ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "PUBLIC_URL"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ProductProcess = {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the milliseconds from spawn until GET /api/health first answered 200. */
  ready: Promise<number>;
  stop(): Promise<void>;
};

/**
 * Spawns `node <args>` from the repo root on a free port with the given environment (or one made
 * from the URL the server will listen on, e.g. for PUBLIC_URL).
 */
export async function spawnProduct(args: string[], env: Record<string, string> | ((url: string) => Record<string, string>)): Promise<ProductProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OUTSIDE_SERVICES) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port) }, typeof env === "function" ? env(url) : env);

  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const ready = (async () => {
    let gone = false;
    void exited.then(() => (gone = true));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`GET ${url}/api/health did not answer 200 within 120 s:\n${output}`);
  })();

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
  };
  ready.catch(() => stop());
  return { url, child, output: () => output, ready, stop };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the web app when scripts/start.mjs would, so no start run measures a build. */
export function ensureWebBuilt(): void {
  const builtIndex = join(repoRoot, "apps/web/dist/index.html");
  const sources = ["apps/web/src", "apps/web/public", "packages/shared/src"].map((d) => join(repoRoot, d)).filter(existsSync);
  const configs = ["apps/web/index.html", "apps/web/vite.config.ts"].map((f) => statSync(join(repoRoot, f)).mtimeMs);
  const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime), ...configs) > statSync(builtIndex).mtimeMs;
  if (!stale) return;
  note("building the web app first (not timed)…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("the web build failed");
}
