#!/usr/bin/env node
// Builds the server to JavaScript (apps/server/dist: main.js, cli/create-admin.js, cli/store-backup.js), one bundle
// each with packages/shared and the npm packages inside but for those that must stay files of their
// own (`STAY_IN_NODE_MODULES`). Production, the e2e tests, the process tests and the benchmarks run
// the build; `npm start` and `npm test` rebuild it only when a source or the lockfile is newer
// (`buildServerIfStale`). Run directly, it always builds.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isStale } from "./stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverDir = join(root, "apps/server");
export const serverEntry = join(serverDir, "dist/main.js");
const SOURCES = [
  "apps/server/src",
  "packages/shared/src",
  "apps/server/package.json",
  "packages/shared/package.json",
  // The bundled packages: an install that changes one rebuilds.
  "package-lock.json",
  "scripts/build-server.mjs",
];

export function serverIsStale() {
  return isStale(
    serverEntry,
    SOURCES.map((path) => join(root, path)),
  );
}

/**
 * npm packages that stay in node_modules: they load files beside their own modules (PGlite's
 * WebAssembly and data, pino's transports in worker threads), are native addons (argon2, sharp,
 * ws's optional helpers), or are reached by path as well as by import (pg: db/shaped-rows.ts), so
 * a bundled copy would be a second one. Every other package is bundled, only the parts the server
 * uses: a start then reads and links one file instead of every module of every package, about
 * 0.35 s less on a slow 2-core host (docs/PERFORMANCE.md).
 */
const STAY_IN_NODE_MODULES = new Set([
  "@electric-sql/pglite",
  "pino",
  "pino-pretty",
  "thread-stream",
  "@node-rs/argon2",
  "sharp",
  "bufferutil",
  "utf-8-validate",
  "pg",
  "pg-native",
  // grammy's node-fetch tells its AbortSignal by the class's name, which a bundle may rename
  // (esbuild's keepNames would keep it, at a cost in every function the server creates).
  "grammy",
  "@grammyjs/auto-retry",
]);

const packageName = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

const keepSomePackagesExternal = {
  name: "keep-some-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (STAY_IN_NODE_MODULES.has(packageName(args.path)) ? { path: args.path, external: true } : undefined));
  },
};

export async function buildServer() {
  // Loaded only to build: a start whose build is fresh does not pay for it.
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: {
      main: join(serverDir, "src/main.ts"),
      "cli/create-admin": join(serverDir, "src/cli/create-admin.ts"),
      "cli/store-backup": join(serverDir, "src/cli/store-backup.ts"),
    },
    outdir: join(serverDir, "dist"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    plugins: [keepSomePackagesExternal],
    // Bundled CommonJS packages require Node's own modules.
    banner: { js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);' },
    write: false,
    logLevel: "warning",
  });
  // Each file written aside and renamed, main.js last: a process starting meanwhile (another test
  // worker) runs the old build or the new one, never half of one.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === serverEntry) - Number(b.path === serverEntry));
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

export async function buildServerIfStale() {
  if (serverIsStale()) await buildServer();
}

/** Vitest's global setup (API and e2e projects): the tests that spawn the server run the build. */
export { buildServerIfStale as setup };

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // `--if-stale`: only when a source is newer than the build.
  if (!process.argv.includes("--if-stale") || serverIsStale()) {
    const started = performance.now();
    await buildServer();
    console.log(`Server built to apps/server/dist in ${Math.round(performance.now() - started)} ms`);
  }
}
