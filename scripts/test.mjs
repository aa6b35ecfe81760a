#!/usr/bin/env node
// `npm test`: every test. Types, unit, API on the embedded store, API on PostgreSQL when
// DATABASE_URL is set, then end to end in Chromium. Ends with one 'N passed, N failed' line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "p2p-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function vitest(name, args, env = {}) {
  const report = join(out, `${name.replace(/\W+/g, "-")}.json`);
  const ok = run(name, "npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (!ok) {
    totals.failed += 1;
  }
}

const pgUrl = process.env.DATABASE_URL;
const withoutDb = { DATABASE_URL: "" };

run("types", "npm", ["run", "typecheck"]);
vitest("unit", ["--project", "unit"]);
vitest("api (embedded PGlite)", ["--project", "api"], withoutDb);
if (pgUrl) vitest("api (PostgreSQL)", ["--project", "api"], { DATABASE_URL: pgUrl });
else console.log("\n=== api (PostgreSQL): skipped, DATABASE_URL is not set");
if (process.env.SKIP_E2E !== "1") {
  if (run("web build", "npm", ["run", "build"], withoutDb)) {
    vitest("e2e (Chromium)", ["--config", "e2e/vitest.config.ts"], withoutDb);
  }
}

console.log(`\nFailed steps: ${failedSteps.length ? failedSteps.join(", ") : "none"}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
