import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARGON2_PARAMS, measureVerify } from "./lib/argon2.js";
import { spawnProduct } from "./lib/product-process.js";
import { cores, isQuick, note, report } from "./lib/result.js";
import { quantile, round } from "./lib/stats.js";

const VERIFY_GOAL_MS = 25;

/**
 * Every request of the benchmark comes from one address, so the per-IP limits (config.ts
 * RATE_LIMIT_*_PER_MINUTE) are raised far above the load; the limiter itself stays on.
 */
const LOAD_ENV = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000000",
  RATE_LIMIT_SIGN_UP_PER_MINUTE: "100000",
};

type Account = { email: string; password: string };

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** Registers `count` accounts through the API and confirms each through its dev-mailbox link. */
async function createConfirmedAccounts(baseUrl: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomBytes(4).toString("hex");
    const account = { email: `bench.${id}@example.com`, password: `bench-password-${id}` };
    const response = await postJson(`${baseUrl}/api/auth/sign-up`, {
      full_name: "Bench User",
      username: `bench_${id}`,
      phone_number: `+23481${randomInt(10_000_000, 99_999_999)}`,
      ...account,
    });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    accounts.push(account);
  }
  const pending = new Set(accounts.map((a) => a.email));
  const deadline = Date.now() + 60_000;
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${[...pending].join(", ")}`);
    const { messages } = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as {
      messages: { to: string; text: string }[];
    };
    for (const mail of messages) {
      if (!pending.has(mail.to)) continue;
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) continue;
      const confirmed = await fetch(link, { redirect: "manual" });
      if (confirmed.status !== 302 || confirmed.headers.get("location")?.includes("error=")) {
        throw new Error(`confirming ${mail.to}: ${confirmed.status} ${confirmed.headers.get("location")}`);
      }
      pending.delete(mail.to);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return accounts;
}

async function signIn(baseUrl: string, account: Account): Promise<number> {
  const started = performance.now();
  const response = await postJson(`${baseUrl}/api/auth/sign-in`, account);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return performance.now() - started;
}

/**
 * Sign-in throughput on a fresh embedded store: N confirmed accounts, K concurrent clients, a fixed
 * number of sign-ins. Baseline: argon2id verification alone, which bounds what a sign-in can cost.
 */
export async function signinBench(): Promise<void> {
  const quick = isQuick();
  const users = quick ? 4 : 20;
  const clients = quick ? 4 : 8;
  const requests = quick ? 40 : 400;

  // Measured first, on an idle machine, so the server does not compete for the cores.
  const verify = await measureVerify(quick ? 20 : 200);
  note(`argon2id verify p50 ${verify.p50} ms, p95 ${verify.p95} ms`);

  const dataDir = mkdtempSync(join(tmpdir(), "p2p-bench-signin-"));
  const product = await spawnProduct(["--enable-source-maps", "apps/server/dist/main.js"], {
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...LOAD_ENV,
  });
  try {
    await product.ready;
    const accounts = await createConfirmedAccounts(product.url, users);
    for (const account of accounts) await signIn(product.url, account); // warm-up
    // One client at a time: the cost of a sign-in without queueing behind others.
    const serial: number[] = [];
    for (const account of accounts) serial.push(await signIn(product.url, account));
    note(`${users} accounts ready; ${requests} sign-ins from ${clients} clients…`);

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < requests) {
          const account = accounts[next++ % accounts.length]!;
          latencies.push(await signIn(product.url, account));
        }
      }),
    );
    const elapsedMs = performance.now() - started;

    report({
      bench: "signin",
      cores,
      users,
      clients,
      requests,
      p50_ms: quantile(latencies, 0.5),
      p95_ms: quantile(latencies, 0.95),
      signins_per_s: round((requests / elapsedMs) * 1000),
      serial_p50_ms: quantile(serial, 0.5),
      store: "pglite",
      baseline: {
        what: "argon2id verify on @node-rs/argon2, sequential, same parameters",
        verify_p50_ms: verify.p50,
        verify_p95_ms: verify.p95,
        memoryCost: ARGON2_PARAMS.memoryCost,
        timeCost: ARGON2_PARAMS.timeCost,
        parallelism: ARGON2_PARAMS.parallelism,
      },
      goal: { metric: "baseline.verify_p95_ms", target: `< ${VERIFY_GOAL_MS}`, met: verify.p95 < VERIFY_GOAL_MS },
    });
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`, { cause: err });
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
