#!/usr/bin/env node
// Builds the server to JavaScript (apps/server/dist: main.js, cli/create-admin.js, cli/store-backup.js), one bundle
// each with packages/shared inside and every npm package left to node_modules. Production, the
// e2e tests, the process tests and the benchmarks run the build; `npm start` and `npm test`
// rebuild it only when a source is newer (`buildServerIfStale`). Run directly, it always builds.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { isStale } from "./stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverDir = join(root, "apps/server");
export const serverEntry = join(serverDir, "dist/main.js");
const SOURCES = ["apps/server/src", "packages/shared/src", "apps/server/package.json", "packages/shared/package.json", "scripts/build-server.mjs"];

export function serverIsStale() {
  return isStale(
    serverEntry,
    SOURCES.map((path) => join(root, path)),
  );
}

/** Workspace packages are bundled in (their sources are TypeScript); npm packages are not. */
const npmPackagesExternal = {
  name: "npm-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@p2p/") ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
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
    plugins: [npmPackagesExternal],
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
