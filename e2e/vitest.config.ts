import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * End-to-end: the real product as a child process, driven in Debian Chromium. One file at a
 * time (each file starts its own server on a free port), no retries: a flaky test is a bug.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    exclude: ["**/node_modules/**", "artifacts/**"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    allowOnly: !process.env.CI,
  },
});
