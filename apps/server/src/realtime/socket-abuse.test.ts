import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { until } from "../../test/until.js";

let server: TestServer;
let user: TestUser;

const registry = () => server.hub.registry;
const registryGone = () => `the closed socket gone from the registry (now ${JSON.stringify(registry())})`;

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

describe("a socket cannot make the server work for it without bound", () => {
  it("closes a flooding socket with 1008 and does none of the work it queued", async () => {
    const socket = await TestSocket.connect(server.url, user.token);
    await socket.waitFor((f) => f.type === "hello");
    const frame = JSON.stringify({ type: "subscribe", topic: `user:${user.id}` });
    for (let i = 0; i < 20_000; i++) socket.ws.send(frame);

    expect(await socket.waitForClose(10_000)).toBe(1008);
    await until(registryGone, () => registry().clients === 0 && registry().streams === 0, 5000);
    // Of 20,000 frames only a bounded few were answered, none after the close.
    const answered = socket.frames.filter((f) => f.type === "subscribed").length;
    expect(answered).toBeLessThan(300);
  });

  it("closes a socket that sends faster than its rate, even while each frame is cheap", async () => {
    const socket = await TestSocket.connect(server.url, user.token);
    await socket.waitFor((f) => f.type === "hello");
    for (let i = 0; i < 2000; i++) socket.send({ type: "ping" });
    expect(await socket.waitForClose(10_000)).toBe(1008);
  });

  it("keeps no subscription of 300 sockets closed right after subscribing", async () => {
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const socket = await TestSocket.connect(server.url, user.token);
          socket.send({ type: "subscribe", topic: `user:${user.id}` });
          socket.send({ type: "subscribe", topic: "merchants" });
          socket.close();
          await socket.waitForClose();
        }),
      );
    }
    await until(registryGone, () => registry().clients === 0, 5000);
    // Subscribes still in flight when their socket closed must not land afterwards.
    await new Promise((r) => setTimeout(r, 300));
    expect(registry()).toEqual({ clients: 0, streams: 0, subscriptions: 0 });
  });

  it("still serves a client that resubscribes to many topics at once after a reconnect", async () => {
    const socket = await TestSocket.connect(server.url, user.token);
    await socket.waitFor((f) => f.type === "hello");
    for (let i = 0; i < 150; i++) socket.send({ type: "subscribe", topic: `order:00000000-0000-4000-8000-${String(i).padStart(12, "0")}` });
    socket.send({ type: "subscribe", topic: `user:${user.id}` });
    await socket.waitFor((f) => f.type === "subscribed" && f.topic === `user:${user.id}`, 10_000);
    expect(socket.closeCode).toBeNull();
    socket.close();
  });
});
