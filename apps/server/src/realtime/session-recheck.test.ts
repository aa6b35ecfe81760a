import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { TestSocket } from "../../test/socket.js";

let server: TestServer;
let people: TestUser[];

beforeAll(async () => {
  // The periodic session check runs all the time, so sockets connect while it waits on the database.
  server = await startTestServer({ REALTIME_AUTH_RECHECK_MS: "2" });
  people = await Promise.all(Array.from({ length: 40 }, () => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret)));
});
afterAll(() => server.stop());

describe("the periodic session check", () => {
  it("never ends a live session whose socket connected while the check was reading the sessions", async () => {
    const sockets = await Promise.all(people.map((who) => TestSocket.connect(server.url, who.token)));
    try {
      const answers = await Promise.all(
        sockets.map(async (socket, i) => {
          await socket.waitFor((f) => f.type === "hello");
          return socket.subscribe(`user:${people[i]!.id}`);
        }),
      );
      // Several more rounds of the check while every socket is open.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answers.map((a) => a.type)).toEqual(people.map(() => "subscribed"));
      expect(sockets.flatMap((s) => s.frames.filter((f) => f.type === "error"))).toEqual([]);
      expect(sockets.map((s) => s.closeCode)).toEqual(people.map(() => null));
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
