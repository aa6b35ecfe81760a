import { ADMIN_TOPIC } from "@p2p/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, signInAgain, type TestUser } from "../../test/fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { sessions, userRoles, users } from "../db/schema.js";

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

/**
 * The safety net alone: each change below is written straight to the database, so no rights
 * signal is sent, and only the periodic check (every second by default) can see it.
 */
describe("the periodic session check, with no rights signal", () => {
  let quiet: TestServer;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    quiet = await startTestServer();
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await quiet.stop();
  });
  const connect = async (who: TestUser) => {
    const socket = await TestSocket.connect(quiet.url, who.token);
    open.push(socket);
    await socket.waitFor((f) => f.type === "hello");
    return socket;
  };
  const someone = (role?: "admin") => createSignedInUser(quiet.ctx.db, quiet.ctx.config.sessionSecret, { role });

  it("closes within 2 s a socket whose session was revoked, suspended or expired, and keeps the others", async () => {
    const [revoked, suspended, expired, bystander] = await Promise.all([someone(), someone(), someone(), someone()]);
    const bystanderPhone = await signInAgain(quiet.ctx.db, quiet.ctx.config.sessionSecret, bystander);
    const [onRevoked, onSuspended, onExpired, onBystander, onBystanderPhone] = await Promise.all(
      [revoked, suspended, expired, bystander, bystanderPhone].map(connect),
    );

    await quiet.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked.sessionId));
    await quiet.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    await quiet.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, expired.sessionId));
    await quiet.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, bystanderPhone.sessionId));

    expect(await Promise.all([onRevoked, onSuspended, onExpired, onBystanderPhone].map((s) => s!.waitForClose(2000)))).toEqual([
      4401, 4401, 4401, 4401,
    ]);
    onBystander!.send({ type: "ping" });
    await onBystander!.waitFor((f) => f.type === "pong");
    expect(onBystander!.closeCode).toBeNull();
  });

  it("closes within 2 s a socket whose session's time ran out after the last write to it", async () => {
    const [lapsing, bystander] = await Promise.all([someone(), someone()]);
    const [onLapsing, onBystander] = await Promise.all([lapsing, bystander].map(connect));
    // The write that shortens it is read at once, while the session is still live: it is the time
    // running out a second later that must close the socket.
    await quiet.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.id, lapsing.sessionId));

    expect(await onLapsing!.waitForClose(3000)).toBe(4401);
    expect(onBystander!.closeCode).toBeNull();
  });

  // Only PostgreSQL lets a transaction hold its write open while the server goes on.
  it.skipIf(!process.env.DATABASE_URL)(
    "closes a socket whose session was revoked in a transaction that committed seconds after the write, after newer changes were read",
    async () => {
      const [late, other] = await Promise.all([someone(), someone()]);
      const [onLate, onOther] = await Promise.all([late, other].map(connect));
      let commit!: () => void;
      const heldOpen = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const revoked = new Promise<void>((resolve) => (written = resolve));
      // eslint-disable-next-line no-restricted-syntax -- on purpose outside transact: a write held open before its commit
      const transaction = quiet.ctx.db.transaction(async (tx) => {
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, late.sessionId));
        written();
        await heldOpen;
      });
      await revoked;
      // A newer change commits first, and looks read past the held one's id.
      await quiet.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, other.sessionId));
      expect(await onOther!.waitForClose(2000)).toBe(4401);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(onLate!.closeCode).toBeNull();
      commit();
      await transaction;

      expect(await onLate!.waitForClose(2000)).toBe(4401);
    },
  );

  it("takes the admin queue from a socket whose admin role was removed, within 2 s, and keeps the socket", async () => {
    const demoted = await someone("admin");
    const socket = await connect(demoted);
    expect(await socket.subscribe(ADMIN_TOPIC)).toMatchObject({ type: "subscribed" });

    await quiet.ctx.db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, demoted.id));

    await socket.waitFor((f) => f.type === "error" && f.code === "TOPIC_FORBIDDEN" && f.topic === ADMIN_TOPIC, 2000);
    expect(socket.closeCode).toBeNull();
  });
});
