import { ADMIN_TOPIC, REALTIME_EVENTS } from "@p2p/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, signInAgain, type TestUser } from "../../test/fixtures.js";
import { linkTokenFromMail } from "../../test/accounts.js";
import { call, postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { hashPassword } from "../auth/passwords.js";
import { users } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { appendEvent } from "./append-event.js";

/** Rights end in the database, and the open sockets follow within 2 s: no waiting for a periodic check. */
const WITHIN_MS = 2000;
const PASSWORD = "Correct-Horse-Battery-9";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
const sockets: TestSocket[] = [];

const secret = () => server.ctx.config.sessionSecret;
const connect = async (who: TestUser) => {
  const socket = await TestSocket.connect(server.url, who.token);
  sockets.push(socket);
  await socket.waitFor((f) => f.type === "hello");
  return socket;
};
const adminEvent = () => transact(server.ctx.db, (tx) => appendEvent(tx, ADMIN_TOPIC, REALTIME_EVENTS.adminQueueChanged, { queue: "deposits" }));

beforeAll(async () => {
  // The periodic re-check is far away: only the rights signal can meet the 2 s.
  server = await startTestServer({ REALTIME_AUTH_RECHECK_MS: "600000" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await merchantWithOffer(server);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

describe("a socket loses what its user no longer may see", () => {
  it("a demoted admin's socket drops the admin queue and a foreign order's chat at once, and gets nothing more of them", async () => {
    const demoted = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const socket = await connect(demoted);
    expect(await socket.subscribe(ADMIN_TOPIC)).toMatchObject({ type: "subscribed" });
    expect(await socket.subscribe(`order:${orderId}`)).toMatchObject({ type: "subscribed" });
    expect(await socket.subscribe(`user:${demoted.id}`)).toMatchObject({ type: "subscribed" });
    const witness = await connect(admin);
    await witness.subscribe(ADMIN_TOPIC);
    await witness.subscribe(`order:${orderId}`);

    const changed = await postJson(server.url, admin.token, `/api/admin/users/${demoted.id}/role`, { role: "user" });
    expect(changed.status).toBe(200);
    await socket.waitFor((f) => f.type === "error" && f.code === "TOPIC_FORBIDDEN" && f.topic === ADMIN_TOPIC, WITHIN_MS);
    await socket.waitFor((f) => f.type === "error" && f.code === "TOPIC_FORBIDDEN" && f.topic === `order:${orderId}`, WITHIN_MS);

    const seenBefore = socket.frames.length;
    const witnessSeenBefore = witness.frames.length;
    await adminEvent();
    const said = await postJson(server.url, user.token, `/api/orders/${orderId}/messages`, { content: "my account is 0123456789, call 08030000000" });
    expect(said.status).toBe(201);
    await witness.waitFor((f) => f.event === REALTIME_EVENTS.adminQueueChanged, 5000, witnessSeenBefore);
    await witness.waitFor((f) => f.event === "chat.message" && f.payload.id === said.body.message.id);
    // Its own topic stays: the role-change notification is still theirs to see.
    await socket.waitFor((f) => f.topic === `user:${demoted.id}` && f.event === "notification.created");
    expect(socket.frames.slice(seenBefore).filter((f) => f.topic === ADMIN_TOPIC || f.topic === `order:${orderId}`)).toEqual([]);
    expect(socket.closeCode).toBeNull();
  });

  it("closes a suspended account's sockets within 2 s", async () => {
    const socket = await connect(user);
    await socket.subscribe(`user:${user.id}`);
    const suspended = await postJson(server.url, admin.token, `/api/admin/users/${user.id}/suspend`, { reason: "Fraud report under review" });
    expect(suspended.status).toBe(200);
    expect(await socket.waitForClose(WITHIN_MS)).toBe(4401);
  });
});

/**
 * Where a session ends the route signals too, but the periodic re-check (every second by default)
 * closes the socket within 2 s whichever path ended it (a stolen refresh token reused, a Google link).
 */
describe("a socket of an ended session closes within 2 s", () => {
  let defaults: TestServer;
  beforeAll(async () => {
    defaults = await startTestServer();
  });
  afterAll(() => defaults.stop());
  const connectTo = async (who: TestUser) => {
    const socket = await TestSocket.connect(defaults.url, who.token);
    sockets.push(socket);
    await socket.waitFor((f) => f.type === "hello");
    return socket;
  };
  /** Someone signed in, with a password (security changes ask for it). */
  const someone = async () => {
    const who = await createSignedInUser(defaults.ctx.db, defaults.ctx.config.sessionSecret);
    await defaults.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, who.id));
    return who;
  };
  const again = (who: TestUser) => signInAgain(defaults.ctx.db, defaults.ctx.config.sessionSecret, who);

  it("closes the other devices' sockets within 2 s when the password changes, and keeps the caller's", async () => {
    const user = await someone();
    const phone = await again(user);
    const here = await connectTo(user);
    const there = await connectTo(phone);
    const changed = await postJson(defaults.url, user.token, "/api/auth/password", {
      current_password: PASSWORD,
      new_password: "Another-Long-Phrase-42",
    });
    expect(changed.status).toBe(200);
    expect(await there.waitForClose(WITHIN_MS)).toBe(4401);
    here.send({ type: "ping" });
    await here.waitFor((f) => f.type === "pong");
    expect(here.closeCode).toBeNull();
  });

  it("closes the signed-out devices' sockets within 2 s: one session, all others, and sign-out", async () => {
    const user = await someone();
    const phone = await again(user);
    const tablet = await again(user);
    const laptop = await again(user);
    const [here, onPhone, onTablet, onLaptop] = await Promise.all([user, phone, tablet, laptop].map(connectTo));

    expect((await call(defaults.url, user.token, `/api/auth/sessions/${phone.sessionId}`, { method: "DELETE" })).status).toBe(204);
    expect(await onPhone!.waitForClose(WITHIN_MS)).toBe(4401);
    expect(onTablet!.closeCode).toBeNull();

    expect((await postJson(defaults.url, laptop.token, "/api/auth/sign-out", {})).status).toBe(204);
    expect(await onLaptop!.waitForClose(WITHIN_MS)).toBe(4401);

    expect((await postJson(defaults.url, user.token, "/api/auth/sessions/sign-out-others", { password: PASSWORD })).status).toBe(200);
    expect(await onTablet!.waitForClose(WITHIN_MS)).toBe(4401);
    expect(here!.closeCode).toBeNull();
  });

  it("closes every socket of an account whose password was reset by mail, within 2 s, saying why", async () => {
    const user = await someone();
    const socket = await connectTo(user);
    expect((await postJson(defaults.url, null, "/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    const token = await linkTokenFromMail(defaults, user.email, /reset-password\?token=/);
    const reset = await postJson(defaults.url, null, "/api/auth/reset-password", { token, password: "Brand-New-Phrase-77" });
    expect(reset.status).toBe(200);
    expect(await socket.waitForClose(WITHIN_MS)).toBe(4401);
    // The last frame says why, for the tab to show on /auth.
    expect(socket.frames.at(-1)).toMatchObject({
      type: "error",
      code: "UNAUTHENTICATED",
      message: "Your password was changed, so you were signed out. Sign in with the new password.",
    });
  });
});
