#!/usr/bin/env node
// `npm start`: builds the web app and the server (scripts/build-server.mjs) when their sources are
// newer than their builds, then runs the built server (SPA, /api and /realtime on one port).
// Environment variables are passed through unchanged.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServerIfStale, serverEntry } from "./build-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = join(root, "apps/web/dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = ["apps/web/src", "apps/web/public", "packages/shared/src"].map((d) => join(root, d));
  const configs = ["apps/web/index.html", "apps/web/vite.config.ts"].map((f) => statSync(join(root, f)).mtimeMs);
  return Math.max(...sources.filter(existsSync).map(newestMtime), ...configs) > built;
}

if (webIsStale()) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServerIfStale();

const server = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
