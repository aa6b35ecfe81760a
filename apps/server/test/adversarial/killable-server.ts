import { freePort, spawnServer, type ServerProcess } from "../process.js";

/**
 * One kill -9: the epoch it ended, a moment after the process was gone and before the next one
 * started, and how long the next one took to serve.
 */
export type Kill = { epoch: number; at: Date; restartMs: number };

/**
 * The product in its own process, killed with SIGKILL and started again on the same store and
 * port as often as the test likes. Clients wait on `up()`; `epoch` tells them a kill came between.
 */
export class KillableServer {
  /** Bumped at each kill: work begun in an earlier epoch was cut off by it. */
  epoch = 0;
  readonly kills: Kill[] = [];
  /** A process that died without being killed or stopped: always the product's fault. */
  readonly faults: string[] = [];
  private readonly lives: ServerProcess[] = [];
  private readonly ending = new Set<ServerProcess>();
  private gate: Promise<void> = Promise.resolve();

  private constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string>): Promise<KillableServer> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = new KillableServer(url, { ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url });
    server.gate = server.boot();
    await server.gate;
    return server;
  }

  /** Resolves once a process is serving: at once, or when the restart under way is done. */
  up(): Promise<void> {
    return this.gate;
  }

  /** kill -9, then the same command on the same store; resolves when the new process serves. */
  killAndRestart(): Promise<void> {
    const dying = this.current();
    this.ending.add(dying);
    this.epoch++;
    const epoch = this.epoch;
    dying.child.kill("SIGKILL");
    this.gate = (async () => {
      await dying.exit;
      const kill = { epoch, at: new Date(), restartMs: 0 };
      this.kills.push(kill);
      await this.boot();
      kill.restartMs = Date.now() - kill.at.getTime();
    })();
    return this.gate;
  }

  /** SIGTERM, as a process manager stops it; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const last = this.current();
    this.ending.add(last);
    last.child.kill("SIGTERM");
    return last.exit;
  }

  /** Ends a process still running after a failed test. */
  dispose(): void {
    const last = this.lives.at(-1);
    if (!last || last.child.exitCode !== null || last.child.signalCode !== null) return;
    this.ending.add(last);
    last.child.kill("SIGKILL");
  }

  /** Everything every life of the server printed, each life under its own heading. */
  output(): string {
    return this.lives.map((life, i) => `--- life ${i + 1} ---\n${life.output()}`).join("\n");
  }

  private current(): ServerProcess {
    return this.lives.at(-1)!;
  }

  private async boot(): Promise<void> {
    const life = spawnServer(this.env);
    this.lives.push(life);
    let exited: number | null | undefined;
    void life.exit.then((code) => {
      exited = code;
      if (!this.ending.has(life)) this.faults.push(`life ${this.lives.indexOf(life) + 1} exited on its own (${code})`);
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (exited !== undefined) throw new Error(`the server exited (${exited}) while starting:\n${life.output()}`);
      if (await healthy(this.url)) return;
      if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${life.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).status === 200;
  } catch {
    return false;
  }
}
