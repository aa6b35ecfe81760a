import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const apiTest = {
  // The process tests run the built server (apps/server/dist), rebuilt here when stale.
  globalSetup: ["scripts/build-server.mjs"],
  // Every answer from our server is checked against the API document (/api/openapi.json).
  setupFiles: ["apps/server/test/check-responses.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
  // Vitest's default is one worker less than the cores: one, on a 2-core machine. The API tests
  // mostly wait (on the database, the network, timers), so three files run side by side.
  maxWorkers: Number(process.env.API_WORKERS ?? 3),
  // A worker imports the server once for all its files instead of once per file: the import was
  // most of the run's CPU. Safe because every file builds its own app, database and clock (no
  // vi.mock, fake timers or environment changes in these tests; module state is keyed by database).
  isolate: false,
};

/**
 * The store-conformance set: the API tests whose behaviour depends on the store underneath (raw
 * SQL paths, ledger guards, races, idempotency, timers across restarts, crash safety, the
 * one-process lock, the embedded store's own files). `npm test` runs the whole API suite on
 * PostgreSQL and this set again on the embedded PGlite.
 */
export const storeConformance = [
  "apps/server/test/adversarial/crash-safety.test.ts",
  "apps/server/test/adversarial/pglite-one-opener.test.ts",
  "apps/server/test/adversarial/two-process-kill.test.ts",
  "apps/server/src/auth/purge-ended-sessions.test.ts",
  "apps/server/src/auth/phone-numbers.test.ts",
  "apps/server/src/auth/sign-in-throttle.test.ts",
  "apps/server/src/auth/step-up-budget.test.ts",
  "apps/server/src/auth/sessions.test.ts",
  "apps/server/src/chain/chain-watcher*.test.ts",
  "apps/server/src/chat/chat-idempotency.test.ts",
  "apps/server/src/chat/chat.test.ts",
  "apps/server/src/chat/message-session-proof.test.ts",
  "apps/server/src/chat/write-queue.test.ts",
  "apps/server/src/cli/create-admin.test.ts",
  "apps/server/src/cli/store-backup.test.ts",
  "apps/server/src/db/lease.test.ts",
  "apps/server/src/db/transact.test.ts",
  "apps/server/src/exports/exports.test.ts",
  "apps/server/src/health/health.test.ts",
  "apps/server/src/http/account-quota.test.ts",
  "apps/server/src/ledger/**/*.test.ts",
  "apps/server/src/main.test.ts",
  "apps/server/src/offers/offer-funding.test.ts",
  "apps/server/src/orders/order-flow.test.ts",
  "apps/server/src/orders/order-races.test.ts",
  "apps/server/src/orders/order-timers.test.ts",
  "apps/server/src/orders/timers-restart.test.ts",
  "apps/server/src/realtime/realtime.test.ts",
  "apps/server/src/seed/seed-demo.test.ts",
  "apps/server/src/uploads/prune-uploads.test.ts",
  "apps/server/src/wallet/deposit-hashes.test.ts",
  "apps/server/src/wallet/second-approval.test.ts",
  "apps/server/src/wallet/wallet.test.ts",
  "apps/server/src/**/*.store.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        // The web's own "@/" imports, as apps/web/vite.config.ts resolves them.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "apps/server/{src,test}/**/*.unit.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/{src,test}/**/*.test.ts"],
          exclude: ["apps/server/{src,test}/**/*.unit.test.ts"],
          ...apiTest,
        },
      },
      {
        test: {
          name: "store",
          include: storeConformance,
          ...apiTest,
        },
      },
    ],
  },
});
