import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A demo sign-in the server printed at start ("  role  email  password"). */
export type DemoAccount = { role: string; email: string; password: string };

export type Product = {
  /** http://localhost:<port>: the address the server itself puts in mail links. */
  url: string;
  /** Everything the process wrote, stdout and stderr interleaved. */
  output(): string;
  demoAccounts(): DemoAccount[];
  stop(): Promise<void>;
};

export type StartProductOptions = {
  /** Extra environment for the server (GOOGLE_CLIENT_ID, …). */
  env?: Record<string, string>;
  /** Reuse a data folder (kept on stop) instead of a fresh one (removed on stop). */
  dataDir?: string;
  /** Start the fresh folder as a copy of this one (a migrated, seeded store: store-template.ts). */
  template?: string;
  readyTimeoutMs?: number;
};

/**
 * Every request of a spec file comes from 127.0.0.1, many more than one person makes, so the
 * per-IP limits are raised (still on). Override in `env` to test a limit itself.
 */
const ONE_ADDRESS_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: "3000",
  RATE_LIMIT_SIGN_UP_PER_MINUTE: "600",
  RATE_LIMIT_PASSWORD_PER_MINUTE: "300",
  RATE_LIMIT_CHECKS_PER_MINUTE: "3000",
};

/** Variables that would point the product at outside services instead of its local defaults. */
const OUTSIDE_SERVICES = ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "PUBLIC_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built product (`node apps/server/dist/main.js` from the repo root) on a free port and
 * a fresh embedded store (or a copy of `template`), in development mode so the dev mailbox exists,
 * and resolves once GET /api/health answers 200.
 */
export async function startProduct(options: StartProductOptions = {}): Promise<Product> {
  // A spec may fix the port (a provider that must know the redirect URI before the product starts).
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "p2p-e2e-"));
  if (ownsDataDir && options.template) cpSync(options.template, dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OUTSIDE_SERVICES) delete env[name];
  Object.assign(env, { NODE_ENV: "development", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" }, ONE_ADDRESS_LIMITS, options.env);

  const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async () => {
    await terminate(child, exited);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, exited, options.readyTimeoutMs ?? 120_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`, { cause: err });
  }

  return {
    url,
    output: () => output,
    demoAccounts: () => parseDemoAccounts(output),
    stop,
  };
}

async function waitForHealth(url: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited with code ${exitCode} before it was ready`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET ${url}/api/health did not answer 200 within ${timeoutMs} ms`);
}

async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}

export function parseDemoAccounts(output: string): DemoAccount[] {
  const section = output.split("Demo sign-ins")[1];
  if (!section) return [];
  const accounts: DemoAccount[] = [];
  for (const line of section.split("\n").slice(1)) {
    const match = /^\s+(\S+)\s+(\S+@\S+)\s+(\S+)\s*$/.exec(line);
    if (!match) break;
    accounts.push({ role: match[1]!, email: match[2]!, password: match[3]! });
  }
  return accounts;
}
