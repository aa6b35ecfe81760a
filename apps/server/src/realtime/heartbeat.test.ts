import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { getJson } from "../../test/trading-fixtures.js";

const HEARTBEAT_MS = 400;
let server: TestServer;
let someone: TestUser;

beforeAll(async () => {
  server = await startTestServer({ REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  someone = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

/** A socket that answers pings itself: never (`lateMs` null: its other end is gone without a close), or this late. */
async function socketAnswering(lateMs: number | null): Promise<{ ws: WebSocket; pings: () => number; closed: Promise<void> }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/realtime`, {
    headers: { authorization: `Bearer ${someone.token}` },
    autoPong: false,
  });
  let pings = 0;
  ws.on("ping", (data) => {
    pings += 1;
    if (lateMs !== null) setTimeout(() => ws.readyState === WebSocket.OPEN && ws.pong(data), lateMs);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, pings: () => pings, closed: new Promise<void>((resolve) => ws.once("close", () => resolve())) };
}

describe("the heartbeat", () => {
  it("cuts, within two heartbeats, sockets that stop answering pings, and keeps those that answer", async () => {
    const answering = await Promise.all(Array.from({ length: 12 }, () => TestSocket.connect(server.url, someone.token)));
    const silent = await Promise.all(Array.from({ length: 12 }, () => socketAnswering(null)));
    try {
      const started = Date.now();
      await Promise.all(silent.map((s) => s.closed));
      // Two heartbeats, and room for a loaded machine's late timers (the default heartbeat is 30 s).
      expect(Date.now() - started).toBeLessThan(2 * HEARTBEAT_MS + 2000);
      for (const socket of answering) {
        socket.send({ type: "ping" });
        await socket.waitFor((f) => f.type === "pong");
        expect(socket.closeCode).toBeNull();
      }
      // The server holds only the answering ones.
      await expect.poll(async () => (await getJson(server.url, null, "/api/health")).body.checks.realtime.connections).toBe(answering.length);
    } finally {
      for (const socket of answering) socket.close();
    }
  });

  it("pings each socket once a heartbeat however few are open, so one whose answers come half a heartbeat late stays", async () => {
    // A browser on a busy phone answers late; with few sockets open, a turn of the heartbeat must
    // still last a heartbeat, not a tick a socket.
    const late = await socketAnswering(HEARTBEAT_MS / 2);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
      expect(late.ws.readyState).toBe(WebSocket.OPEN);
      expect(late.pings()).toBeGreaterThanOrEqual(2);
      expect(late.pings()).toBeLessThanOrEqual(4);
    } finally {
      late.ws.close();
    }
  });
});
