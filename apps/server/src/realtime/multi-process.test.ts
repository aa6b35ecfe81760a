import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { openPostgres, type Database } from "../db/client.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { freePort, spawnServer, waitForHealth, type ServerProcess } from "../../test/process.js";
import { TestSocket } from "../../test/socket.js";
import { createPostgresDatabase } from "../../test/adversarial/crash-store.js";
import { getJson, postJson } from "../../test/trading-fixtures.js";
import { orders } from "../db/schema.js";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? (DATABASE_URL ? "redis://127.0.0.1:6379" : undefined);
const SECRET = randomBytes(32).toString("hex");
const SIGN_IN_LIMIT = 4;

/** Two server processes on one real PostgreSQL database and one Redis: the multi-node mode. */
const METRICS_TOKEN = "multi-process-metrics-token-0123456789";

describe.skipIf(!DATABASE_URL)("two server processes with Redis", () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: Database;
  const processes: ServerProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    scratch = await createPostgresDatabase(DATABASE_URL!, "p2p_multi");
    database = await openPostgres(scratch.url, 5);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      processes.push(
        spawnServer({
          NODE_ENV: "production",
          PUBLIC_URL: url,
          SESSION_SECRET: SECRET,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: scratch.url,
          REDIS_URL: REDIS_URL!,
          REALTIME_SWEEP_MS: "60000", // delivery must come from the bus, not the sweep
          RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
          METRICS_TOKEN,
        }),
      );
      urls.push(url);
    }
    await Promise.all(urls.map((u) => waitForHealth(u, 60_000)));
  }, 90_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill("SIGTERM");
    await Promise.all(processes.map((p) => p.exit));
    await database?.close();
    await scratch?.drop();
  });

  it("delivers a message sent through one process to a socket client of the other", async () => {
    const db = database.db;
    const user: TestUser = await createSignedInUser(db, SECRET);
    const merchant: TestUser = await createSignedInUser(db, SECRET, { role: "merchant" });
    const [order] = await db
      .insert(orders)
      .values({
        creatorId: user.id,
        merchantId: merchant.id,
        buyerId: user.id,
        sellerId: merchant.id,
        side: "buy",
        coin: "PI",
        price: "1000.00",
        nairaAmount: "10000.00",
        coinAmount: "10.00000000",
        status: "pending",
        acceptBy: new Date(Date.now() + 600_000),
      } as typeof orders.$inferInsert)
      .returning({ id: orders.id });

    const health = await getJson(urls[1]!, null, "/api/health");
    expect(health.body.checks.realtime).toMatchObject({ ok: true, bus: "redis" });

    const socket = await TestSocket.connect(urls[1]!, merchant.token);
    try {
      await socket.waitFor((f) => f.type === "hello");
      expect(await socket.subscribe(`order:${order!.id}`)).toMatchObject({ type: "subscribed" });
      const sent = await postJson(urls[0]!, user.token, `/api/orders/${order!.id}/messages`, { content: "hello from process one" });
      expect(sent.status).toBe(201);
      const frame = await socket.waitFor((f) => f.event === "chat.message", 5000);
      expect(frame.payload).toMatchObject({ id: sent.body.message.id, content: "hello from process one", sender_id: user.id });

      // The receiving process measured the message's way over Redis, from the sender's commit.
      const metrics = await (await fetch(`${urls[1]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const sample = (series: string) =>
        Number(
          metrics
            .split("\n")
            .find((l) => l.startsWith(`${series} `))
            ?.slice(series.length + 1) ?? 0,
        );
      expect(sample('realtime_bus_lag_seconds_count{bus="redis",kind="events"}')).toBeGreaterThanOrEqual(1);
      expect(sample('realtime_bus_events_received_total{bus="redis"}')).toBeGreaterThanOrEqual(1);
    } finally {
      socket.close();
    }
  }, 60_000);

  it("counts the per-IP limits in Redis: the limit holds across both processes, not once per process", async () => {
    const attempt = async (url: string) =>
      (
        await fetch(`${url}/api/auth/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url },
          body: JSON.stringify({ email: `nobody.${randomBytes(4).toString("hex")}@example.com`, password: "Not-The-Password-1" }),
        })
      ).status;
    // A run of this test less than a minute ago left its counts behind.
    const redis = new Redis(REDIS_URL!);
    const left = await redis.keys("p2p-rate-limit-*");
    if (left.length) await redis.del(...left);
    redis.disconnect();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT; i++) statuses.push(await attempt(urls[i % 2]!));
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect(await attempt(urls[0]!)).toBe(429);
    expect(await attempt(urls[1]!)).toBe(429);
  });
});
