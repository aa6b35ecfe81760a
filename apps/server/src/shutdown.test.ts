import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../test/harness.js";
import { createSignedInUser } from "../test/fixtures.js";

/** A raw TCP client that sends `head` and then never reads a reply nor sends another byte. */
async function silentClient(url: string, head: string): Promise<Socket & { ended: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(head);
  return Object.assign(socket, { ended });
}

describe("stopping the server", () => {
  it("ends within its grace though a client holds a request's body back and a socket never answers the close", async () => {
    // A request may take this long, so only the grace can cut it.
    const server = await startTestServer({ SHUTDOWN_GRACE_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "600000" });
    const user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    const upload = await silentClient(
      server.url,
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG`,
    );
    const socket = await silentClient(
      server.url,
      `GET /realtime HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // The socket is open and signed in before the server is told to stop.
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    await expect.poll(() => server.hub.connectionCount).toBe(1);

    const started = performance.now();
    await server.stop();
    expect(performance.now() - started).toBeLessThan(6_000);
    await Promise.all([upload.ended, socket.ended]);
  }, 20_000);
});
