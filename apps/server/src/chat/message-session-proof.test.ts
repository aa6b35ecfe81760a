import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, revokeSession, sessionSeenLately, signInAgain, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, rowCount, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { queryRows } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

/*
 * A text message is taken on its sender's token's word, its session proved by the message's own
 * statement (chat/insert-chat-messages.ts). The attacks: a token whose session was revoked or has
 * ended, whose account was suspended, sent by someone who is no party to the order, or naming an
 * order that does not exist. Each must write nothing, take no unit of the sender's limit, store
 * nothing under its Idempotency-Key, and be refused exactly as when the session was read first.
 */

let server: TestServer;
let admin: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

const newUser = () => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
const anOrder = async (buyer: TestUser) => tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "matched" });
const say = (who: TestUser, orderId: string, content: string, key?: string) =>
  postJson(server.url, who.token, `/api/orders/${orderId}/messages`, { content }, key ? { "Idempotency-Key": key } : {});
/** What a message leaves behind: its row, the read mark, notifications, audit rows, events, stored answers, limit units taken. */
const traces = async () => {
  const counts = await Promise.all(
    ["chat_messages", "chat_reads", "notifications", "audit_log", "events", "idempotency_keys"].map((table) => rowCount(server.ctx.db, table)),
  );
  const [quota] = await queryRows<{ used: number }>(server.ctx.db, sql`select coalesce(sum(used), 0)::int as used from account_quotas`);
  return [...counts, quota!.used];
};

/** How much each of `traces` grew since `before`. */
const changedSince = async (before: number[]) => (await traces()).map((n, i) => n - before[i]!);

describe("a chat message taken on its token's word", () => {
  it("is written once with everything a message writes, the sender's name read by its statement, and moves the session's last use", async () => {
    const buyer = await newUser();
    const orderId = await anOrder(buyer);
    await server.ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.id, buyer.sessionId));
    const before = await traces();

    const sent = await say(buyer, orderId, "Sending the transfer now.");
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ content: "Sending the transfer now.", sender_id: buyer.id, sender_username: buyer.username });
    // One message, the sender's read mark, one notification to the merchant, its two events, no audit row, no stored answer, one unit.
    expect(await changedSince(before)).toEqual([1, 1, 1, 0, 2, 0, 1]);
    const notices = await getJson(server.url, merchant.token, "/api/notifications");
    expect(notices.body.notifications[0]).toMatchObject({ title: `New message from ${buyer.username}`, type: "new_message", order_id: orderId });
    expect(await sessionSeenLately(server.ctx.db, buyer)).toBe(true);

    // With a key, the key and its answer are stored by the same statement; a retry replays it.
    const counted = await traces();
    const keyed = await say(buyer, orderId, "Done.", "msg-once");
    expect(await changedSince(counted)).toEqual([1, 0, 1, 0, 2, 1, 1]);
    const again = await say(buyer, orderId, "Done.", "msg-once");
    expect([keyed.status, keyed.headers.get("idempotent-replayed"), again.status, again.headers.get("idempotent-replayed")]).toEqual([
      201,
      null,
      201,
      "true",
    ]);
    expect(again.body).toEqual(keyed.body);
    expect(await changedSince(counted)).toEqual([1, 0, 1, 0, 2, 1, 1]);
  });

  it("is refused to a revoked session as signed out, with or without a key: nothing written, no unit taken, no answer kept", async () => {
    const buyer = await newUser();
    const orderId = await anOrder(buyer);
    await revokeSession(server.ctx.db, buyer);
    const before = await traces();

    expect((await say(buyer, orderId, "Send the coins.")).status).toBe(401);
    expect((await say(buyer, orderId, "Send the coins.", "stolen-key")).status).toBe(401);
    expect(await traces()).toEqual(before);

    // The owner, signed in again, sends the same key: it runs, no refusal was kept for it.
    const owner = await signInAgain(server.ctx.db, server.ctx.config.sessionSecret, buyer);
    const sent = await say(owner, orderId, "Send the coins.", "stolen-key");
    expect(sent.status).toBe(201);
    expect(sent.headers.get("idempotent-replayed")).toBeNull();
  });

  it("is refused to a session past its end, and to a suspended account", async () => {
    const ended = await newUser();
    const endedOrder = await anOrder(ended);
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, ended.sessionId));
    const suspended = await newUser();
    const suspendedOrder = await anOrder(suspended);
    await server.ctx.db
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, suspended.id));
    const before = await traces();

    expect((await say(ended, endedOrder, "hello")).status).toBe(401);
    expect((await say(suspended, suspendedOrder, "hello", "k1")).status).toBe(401);
    expect(await traces()).toEqual(before);
  });

  it("is refused as not found to someone who is no party, and for an order that does not exist or an id that is none", async () => {
    const buyer = await newUser();
    const orderId = await anOrder(buyer);
    const stranger = await newUser();
    const before = await traces();

    for (const id of [orderId, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await say(stranger, id, "let me in")).status).toBe(404);
      expect((await say(stranger, id, "let me in", `k-${id}`)).status).toBe(404);
    }
    // A refusal on a read session is kept under its key, as for any request (http/idempotency.ts).
    const after = await traces();
    expect(after.map((n, i) => n - before[i]!)).toEqual([0, 0, 0, 0, 0, 3, 0]);
  });

  it("leaves an admin's word to the session read first: refused outside an appeal, written and audited under one", async () => {
    const buyer = await newUser();
    const orderId = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "in_progress" });
    const before = await traces();
    const early = await say(admin, orderId, "admin here");
    expect(early).toMatchObject({ status: 403, body: { error: { code: "CHAT_READ_ONLY" } } });
    expect(await traces()).toEqual(before);

    expect((await postJson(server.url, buyer.token, `/api/orders/${orderId}/appeal`, { reason: "No coins yet." })).status).toBe(200);
    const counted = await traces();
    const judged = await say(admin, orderId, "Please upload your proof.");
    expect(judged.status).toBe(201);
    expect(judged.body.message.sender_username).toBe(admin.username);
    // Both parties are notified of the admin's message; it is on the record.
    expect(await changedSince(counted)).toEqual([1, 1, 2, 1, 3, 0, 1]);
  });
});
