import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, waitForHealth, type ServerProcess } from "../process.js";

/*
 * PGlite takes no lock: a second process on the same data folder used to start, answer, and
 * silently lose the other's commits (two servers on one folder, 85 sign-ins answered 200, 65
 * sessions stored). Now the folder has one opener; a lock left by kill -9 is taken over.
 * PostgreSQL runs have nothing to add here.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded store's data folder", () => {
  const dir = mkdtempSync(join(tmpdir(), "p2p-one-opener-"));
  const running: ServerProcess[] = [];
  afterAll(() => {
    for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const port = await freePort();
    const server = spawnServer({
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "x".repeat(40),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
    });
    running.push(server);
    return { server, url: `http://127.0.0.1:${port}` };
  };

  it("refuses a second server and admin:create while a server has it, and the first keeps serving", { timeout: 120_000 }, async () => {
    const first = await start();
    await waitForHealth(first.url, 60_000);

    const second = await start();
    expect(await second.server.exit).toBe(1);
    expect(second.server.output()).toContain(`is in use by another process (pid ${first.server.child.pid})`);

    const root = fileURLToPath(new URL("../../../..", import.meta.url));
    const cli = spawnSync(
      process.execPath,
      [
        "apps/server/dist/cli/create-admin.js",
        "--email",
        "ops@example.test",
        "--password",
        "Ops passphrase for 2026",
        "--username",
        "ops_admin",
        "--phone",
        "+2348011110000",
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir }, encoding: "utf8", timeout: 60_000 },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain("is in use by another process");

    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    first.server.child.kill("SIGTERM");
    expect(await first.server.exit).toBe(0);
    expect(existsSync(join(dir, "naijap2p.lock"))).toBe(false);
  });

  it("is taken over from a server killed with SIGKILL", { timeout: 120_000 }, async () => {
    const killed = await start();
    await waitForHealth(killed.url, 60_000);
    killed.server.child.kill("SIGKILL");
    await killed.server.exit;
    expect(existsSync(join(dir, "naijap2p.lock"))).toBe(true);

    const next = await start();
    await waitForHealth(next.url, 60_000);
    next.server.child.kill("SIGTERM");
    expect(await next.server.exit).toBe(0);
  });
});
