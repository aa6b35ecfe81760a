#!/usr/bin/env node
// `npm test`: every test. Types, unit, API on the embedded store, API on PostgreSQL when
// DATABASE_URL is set, end to end in Chromium, then every benchmark in quick mode on that
// PostgreSQL server. Ends with one 'N passed, N failed' line.
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

/**
 * Every benchmark in quick mode. A missed speed goal is only reported; a crash, a missing result,
 * a ledger invariant violation or a lost realtime message fails the step.
 */
function benchQuick() {
  const name = "bench (quick)";
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync("npm", ["run", "bench", "--", "--quick"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_POSTGRES_URL: pgUrl },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? "");
  const results = new Map();
  for (const line of String(result.stdout ?? "").split("\n")) {
    if (line.startsWith("{")) results.set(JSON.parse(line).bench, JSON.parse(line));
  }
  const problems = [];
  if (result.status !== 0) problems.push(`exited with ${result.status}`);
  for (const bench of ["start", "signin", "orders", "realtime", "load", "web"]) {
    if (!results.has(bench)) problems.push(`no result from ${bench}`);
  }
  for (const bench of ["orders", "load"]) {
    const violations = results.get(bench)?.invariant_violations;
    if (violations) problems.push(`${bench}: ${violations} ledger invariant violations`);
  }
  const realtime = results.get("realtime");
  if (realtime && realtime.delivered_share !== 1) problems.push(`realtime: delivered ${realtime.delivered_share * 100}% of the messages`);
  const missed = [...results.values()].flatMap((r) => (r.goals ?? [r.goal]).filter((g) => !g.met).map((g) => `${r.bench} ${g.metric} ${g.target}`));
  if (missed.length) console.log(`Speed goals missed (reported, not failed): ${missed.join("; ")}`);
  for (const problem of problems) console.log(`bench: ${problem}`);
  console.log(`=== ${name}: ${problems.length ? "FAILED" : "ok"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (problems.length) failedSteps.push(name);
}

if (pgUrl) benchQuick();
else console.log("\n=== bench (quick): skipped, DATABASE_URL is not set");

console.log(`\nFailed steps: ${failedSteps.length ? failedSteps.join(", ") : "none"}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
