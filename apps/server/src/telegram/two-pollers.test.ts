import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, waitForHealth, type ServerProcess } from "../../test/process.js";
import { startFakeBotApi, type FakeBotApi } from "../../test/fakes/fake-bot-api.js";
import { createPostgresDatabase } from "../../test/adversarial/crash-store.js";
import { until } from "../../test/until.js";

const DATABASE_URL = process.env.DATABASE_URL;
const POLLING = "telegram bot polling";

/** Two server processes on one PostgreSQL database, both configured for long polling. */
describe.skipIf(!DATABASE_URL)("Telegram long polling across two processes", () => {
  let fake: FakeBotApi;
  let database: { url: string; drop(): Promise<void> };
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeBotApi();
    database = await createPostgresDatabase(DATABASE_URL!, "p2p_pollers");
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      urls.push(`http://127.0.0.1:${port}`);
      processes.push(
        spawnServer({
          NODE_ENV: "production",
          PUBLIC_URL: urls[i]!,
          SESSION_SECRET: randomBytes(32).toString("hex"),
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: database.url,
          LOG_LEVEL: "info",
          TELEGRAM_BOT_TOKEN: "123456:TEST-token",
          TELEGRAM_API_ROOT: fake.url,
          TELEGRAM_MODE: "polling",
          TELEGRAM_LEASE_SECONDS: "3",
        }),
      );
    }
    await Promise.all(urls.map((u) => waitForHealth(u, 60_000)));
  }, 90_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill("SIGTERM");
    await Promise.all(processes.map((p) => p.exit));
    await fake.close();
    await database?.drop();
  });

  it("polls from one process at a time, and the other takes over within seconds of the first being killed", async () => {
    const polls = () => fake.calls.filter((c) => c.method === "getUpdates").length;
    const polling = () => processes.filter((p) => p.output().includes(POLLING));
    await until("one process polling, ten polls in", () => polling().length === 1 && polls() > 10, 20_000);
    // Three more lease periods: still one poller, and Telegram never had to end one with 409.
    await new Promise((r) => setTimeout(r, 9_000));
    expect(polling()).toHaveLength(1);
    expect(fake.conflicts).toBe(0);

    const [holder] = polling();
    const other = processes.find((p) => p !== holder)!;
    holder!.child.kill("SIGKILL");
    await holder!.exit;
    const killedAt = Date.now();
    await until("the other process polling", () => other.output().includes(POLLING), 10_000);
    const before = polls();
    await until("five more polls", () => polls() > before + 5, 10_000);
    // The lease (3 s) had to expire first; the survivor checks every second.
    expect(Date.now() - killedAt).toBeLessThan(8_000);
    expect(fake.conflicts).toBe(0);
  });
});
