import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, waitForHealth } from "../test/process.js";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "p2p-main-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the server process", () => {
  it("stops with a message naming each bad variable", async () => {
    const server = spawnServer({ PORT: "eighty", DATABASE_URL: "mysql://nope", DATA_DIR: freshDir() });
    expect(await server.exit).toBe(78);
    expect(server.output()).toContain("PORT:");
    expect(server.output()).toContain("DATABASE_URL: must be a postgres:// URL");
  });

  it("refuses to start in production without a session secret", async () => {
    const server = spawnServer({ NODE_ENV: "production", PUBLIC_URL: "https://p2p.example.com", DATA_DIR: freshDir() });
    expect(await server.exit).toBe(78);
    expect(server.output()).toContain("SESSION_SECRET");
  });

  it("migrates a fresh data folder, serves health, and exits cleanly on SIGTERM", async () => {
    const port = await freePort();
    const server = spawnServer({ PORT: String(port), DATA_DIR: freshDir(), JOB_POLL_MS: "100" });
    // As long as the other process tests allow: on a busy machine, compiling the server and
    // creating and migrating a new store can take over half a minute.
    await waitForHealth(`http://127.0.0.1:${port}`, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}; the server printed:\n${server.output()}`);
    });
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
  }, 90_000);
});
