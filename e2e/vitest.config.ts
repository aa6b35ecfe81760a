import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * End-to-end: the real product as a child process, driven in Debian Chromium. Files run side by
 * side in E2E_WORKERS workers (default 2: one per core; each runs a browser and a server),
 * each file with its own server on a free port and its own browser; no retries: a flaky test is
 * a bug.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    exclude: ["**/node_modules/**", "artifacts/**"],
    // The product runs built (apps/server/dist), rebuilt here when stale; then one start makes
    // the migrated, seeded store every spec file's product starts from a copy of.
    globalSetup: ["../scripts/build-server.mjs", "support/store-template.ts"],
    pool: "forks",
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    allowOnly: !process.env.CI,
  },
});
