#!/usr/bin/env node
// `npm start`: builds the web app and the server (scripts/build-server.mjs) when their sources are
// newer than their builds, then runs the built server (SPA, /api and /realtime on one port) in
// this same process.
// Environment variables are passed through unchanged.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServerIfStale, serverEntry } from "./build-server.mjs";
import { isStale } from "./stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = join(root, "apps/web/dist/index.html");

const WEB_SOURCES = ["apps/web/src", "apps/web/public", "packages/shared/src", "apps/web/index.html", "apps/web/vite.config.ts"];

if (
  isStale(
    builtIndex,
    WEB_SOURCES.map((path) => join(root, path)),
  )
) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServerIfStale();

// The server runs in this process: a second Node would add its own start-up to every start. Its
// main.ts handles SIGINT and SIGTERM.
process.chdir(root);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
