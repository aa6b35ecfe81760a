import { MERCHANTS_TOPIC, REALTIME_EVENTS } from "@p2p/shared";
import { randomBytes, randomUUID } from "node:crypto";
import { Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { transact } from "../db/transact.js";
import { appendEvent } from "./append-event.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    const answer = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(500, () => answer(false));
    socket.once("error", () => answer(false));
    socket.connect(Number(port || 6379), hostname, () => answer(true));
  });
}

/** Two deployments (each its own database) sharing one Redis: each hears only itself. */
describe.skipIf(!(await redisReachable()))("deployments sharing one Redis", () => {
  const servers: TestServer[] = [];
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(servers.map((s) => s.stop()));
  });

  async function deployment(env: Record<string, string> = {}) {
    // Delivery must come from the bus, not the sweep (which would hide a skipped event).
    const server = await startTestServer({ REDIS_URL, REALTIME_SWEEP_MS: "600000", ...env });
    servers.push(server);
    const merchant = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "merchant" });
    const socket = await TestSocket.connect(server.url, merchant.token);
    sockets.push(socket);
    await socket.waitFor((f) => f.type === "hello");
    expect(await socket.subscribe(MERCHANTS_TOPIC)).toMatchObject({ type: "subscribed" });
    const say = (content: string) =>
      transact(server.ctx.db, (tx) =>
        appendEvent(tx, MERCHANTS_TOPIC, REALTIME_EVENTS.merchantChatMessage, {
          id: randomUUID(),
          sender_id: merchant.id,
          sender_username: "merchant",
          sender_role: "merchant",
          content,
          created_at: new Date().toISOString(),
        }),
      );
    return { server, socket, say };
  }

  async function expectNoCrossTalk(a: Awaited<ReturnType<typeof deployment>>, b: Awaited<ReturnType<typeof deployment>>) {
    // A is ahead: its event ids are past B's next one, which B must still deliver.
    for (let i = 0; i < 5; i++) await a.say(`from A ${i}`);
    await a.socket.waitFor((f) => f.payload?.content === "from A 4");
    await b.say("from B");
    await b.socket.waitFor((f) => f.payload?.content === "from B");
    await a.say("from A again");
    await a.socket.waitFor((f) => f.payload?.content === "from A again");
    await b.say("from B again");
    await b.socket.waitFor((f) => f.payload?.content === "from B again");
    expect(b.socket.events(MERCHANTS_TOPIC).map((f) => f.payload.content)).toEqual(["from B", "from B again"]);
    expect(a.socket.events(MERCHANTS_TOPIC).map((f) => f.payload.content)).toEqual([
      "from A 0",
      "from A 1",
      "from A 2",
      "from A 3",
      "from A 4",
      "from A again",
    ]);
  }

  it("keeps each deployment's events on its own channel, derived from its database", async () => {
    const a = await deployment();
    const b = await deployment();
    expect(a.server.ctx.bus.name).toBe("redis");
    await expectNoCrossTalk(a, b);
  }, 120_000);

  it("drops another deployment's messages even on a shared channel (one REDIS_PREFIX set for both), by their deployment id", async () => {
    const prefix = `p2p-shared-${randomBytes(4).toString("hex")}`;
    const a = await deployment({ REDIS_PREFIX: prefix });
    const b = await deployment({ REDIS_PREFIX: prefix });
    await expectNoCrossTalk(a, b);
  }, 120_000);
});
