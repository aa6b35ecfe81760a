import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

/** The product as `npm start` runs it (without the web build step), in its own process. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: serverRoot,
    // The embedded store unless the test names a database: never the developer's DATABASE_URL by accident.
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

export async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
