import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { badgesResponse, chatListResponse, chatMessagesResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { chatMessages, notifications } from "../db/schema.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let stranger: TestUser;
const secret = () => server.ctx.config.sessionSecret;
const say = (who: TestUser, orderId: string, body: unknown) => postJson(server.url, who.token, `/api/orders/${orderId}/messages`, body);
const textsOf = (orderId: string) =>
  server.ctx.db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.orderId, orderId), eq(chatMessages.kind, "text")));

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_CHAT_PER_MINUTE: "12" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  stranger = await createSignedInUser(server.ctx.db, secret());
  await putOffer(server.ctx.db, merchant, "PI");
});

describe("order chat", () => {
  it("takes a party's messages and read marks at once: every send lands once, none waits on another forever", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const earlier: string[] = [];
    for (let i = 0; i < 5; i++) earlier.push((await say(merchant, orderId, { content: `merchant ${i}` })).body.message.id);
    const markRead = (upTo: string) => postJson(server.url, user.token, `/api/orders/${orderId}/messages/read`, { up_to_id: upTo });
    // Each read mark moves (a row lock, then the topic's lock) while each send takes both too.
    const burst = await Promise.all(earlier.flatMap((id, i) => [say(user, orderId, { content: `buyer ${i}` }), markRead(id)]));
    expect(burst.map((r) => r.status)).toEqual(earlier.flatMap(() => [201, 200]));
    const texts = (await textsOf(orderId)).map((m) => m.content).sort();
    expect(texts).toEqual([...Array.from({ length: 5 }, (_, i) => `buyer ${i}`), ...Array.from({ length: 5 }, (_, i) => `merchant ${i}`)].sort());
  });

  it("stores text as typed, pages history, and lists the caller's chats with unread counts", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))`;
    const sent = await say(user, orderId, { content: `  ${hostile}  ` });
    expect(sent.status).toBe(201);
    expect(sent.body.message.content).toBe(hostile);
    for (let i = 0; i < 3; i++) await say(merchant, orderId, { content: `reply ${i}` });

    const page = await getJson(server.url, user.token, `/api/orders/${orderId}/messages?limit=2`);
    expect(page.status).toBe(200);
    chatMessagesResponse.parse(page.body);
    expect(page.body.messages.map((m: { content: string }) => m.content)).toEqual(["reply 1", "reply 2"]);
    expect(page.body.has_more).toBe(true);
    const older = await getJson(server.url, user.token, `/api/orders/${orderId}/messages?limit=50&before=${page.body.messages[0].id}`);
    expect(older.body.messages.at(-1).content).toBe("reply 0");
    expect(older.body.messages.at(-2).content).toBe(hostile);
    expect(older.body.messages[0].kind).toBe("system");
    expect(older.body.has_more).toBe(false);

    const chats = await getJson(server.url, user.token, "/api/chats");
    chatListResponse.parse(chats.body);
    expect(chats.body.chats).toHaveLength(1);
    expect(chats.body.chats[0]).toMatchObject({ order_id: orderId, counterpart: { id: merchant.id, username: merchant.username }, unread: 3 });
    expect(chats.body.chats[0].last_message.content).toBe("reply 2");

    const counts = await getJson(server.url, user.token, "/api/badges");
    badgesResponse.parse(counts.body);
    expect(counts.body).toMatchObject({ order_chats: 3, messages: 3 });

    const read = await postJson(server.url, user.token, `/api/orders/${orderId}/messages/read`, { up_to_id: page.body.messages[1].id });
    expect(read.status).toBe(200);
    // The answer carries the fresh counts, for the reader's own tab to show without asking again.
    expect(read.body.badges).toEqual((await getJson(server.url, user.token, "/api/badges")).body);
    expect(read.body.badges.messages).toBe(0);
    expect((await getJson(server.url, user.token, "/api/chats")).body.chats[0].unread).toBe(0);
    const receipts = await getJson(server.url, merchant.token, `/api/orders/${orderId}/messages`);
    expect(receipts.body.reads).toContainEqual(expect.objectContaining({ user_id: user.id, up_to_id: page.body.messages[1].id }));
    expect((await getJson(server.url, stranger.token, "/api/chats")).body.chats).toEqual([]);
  });

  it("writes a new_message notification with the sender's name and a 50-character preview", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    await say(merchant, orderId, { content: "x".repeat(60) });
    await say(merchant, orderId, { content: "short" });
    const rows = await server.ctx.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, "new_message")));
    expect(rows).toContainEqual({ title: `New message from ${merchant.username}`, message: `${"x".repeat(50)}...` });
    expect(rows).toContainEqual({ title: `New message from ${merchant.username}`, message: "short" });
    const mine = await server.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")));
    expect(mine).toEqual([]);
  });

  it("answers 404 to non-participants and lets admins read any chat but write only under appeal", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    for (const path of [`/api/orders/${orderId}/messages`, "/api/orders/not-a-uuid/messages"]) {
      expect((await getJson(server.url, stranger.token, path)).status).toBe(404);
    }
    expect((await say(stranger, orderId, { content: "hi" })).status).toBe(404);
    expect((await postJson(server.url, stranger.token, `/api/orders/${orderId}/typing`)).status).toBe(404);
    expect((await getJson(server.url, null, `/api/orders/${orderId}/messages`)).status).toBe(401);

    expect((await getJson(server.url, admin.token, `/api/orders/${orderId}/messages`)).status).toBe(200);
    const early = await say(admin, orderId, { content: "admin here" });
    expect(early).toMatchObject({ status: 403, body: { error: { code: "CHAT_READ_ONLY" } } });
    await postJson(server.url, user.token, `/api/orders/${orderId}/appeal`, { reason: "No coins yet." });
    expect((await say(admin, orderId, { content: "admin here" })).status).toBe(201);
    expect((await textsOf(orderId)).map((m) => m.content)).toEqual(["admin here"]);
    // The admin's word in a dispute is on the record; the parties' messages are not admin actions.
    const audited = await getJson(server.url, admin.token, `/api/admin/audit-log?target=${orderId}&action=order_chat.`);
    expect(audited.body.entries.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id])).toEqual([
      ["order_chat.admin_message", admin.id],
    ]);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    const before = await rowCount(server.ctx.db, "notifications");
    for (const body of [
      { content: "" },
      { content: "   " },
      { content: "y".repeat(2001) },
      { content: 5 },
      {},
      { content: "ok", extra: 1 },
      { content: "a\u0000b" },
    ]) {
      const res = await say(user, orderId, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await say(user, orderId, { content: "y".repeat(2000) })).status).toBe(201);
    expect(await textsOf(orderId)).toHaveLength(1);
    expect(await rowCount(server.ctx.db, "notifications")).toBe(before + 1);
    expect((await getJson(server.url, user.token, `/api/orders/${orderId}/messages?limit=0`)).status).toBe(400);
    expect(
      (await postJson(server.url, user.token, `/api/orders/${orderId}/messages/read`, { up_to_id: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(400);
  });

  it("limits messages per account per minute", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push((await say(user, orderId, { content: `m${i}` })).status);
    expect(answers.slice(0, 12).every((s) => s === 201)).toBe(true);
    expect(answers[12]).toBe(429);
    expect(await textsOf(orderId)).toHaveLength(12);
  });
});

describe("notifications", () => {
  it("counts unread notifications and message notifications, and marks them read by id or all", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await say(merchant, orderId, { content: "hi" });
    const counts = (await getJson(server.url, user.token, "/api/badges")).body;
    expect(counts.notifications).toBe(2); // "matched" and the message
    const list = await getJson(server.url, user.token, "/api/notifications?page_size=1");
    expect(list.body.notifications).toHaveLength(1);
    const one = await postJson(server.url, user.token, "/api/notifications/read", { ids: [list.body.notifications[0].id] });
    expect(one.body).toMatchObject({ updated: 1, unread_counts: { notifications: 1 } });
    // Another user's ids change nothing.
    expect((await postJson(server.url, stranger.token, "/api/notifications/read", { ids: [list.body.notifications[0].id] })).body.updated).toBe(0);
    const all = await postJson(server.url, user.token, "/api/notifications/read-all", {});
    expect(all.body).toEqual({ updated: 1, unread_counts: { notifications: 0, messages: 0 } });
    expect((await postJson(server.url, user.token, "/api/notifications/read", { ids: ["nope"] })).status).toBe(400);
  });
});

describe("merchant group chat", () => {
  it("is for merchants and admins, and counts others' messages after each reader's own read mark", async () => {
    const other = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
    expect((await postJson(server.url, user.token, "/api/merchant-chat/messages", { content: "hi" })).status).toBe(403);
    expect((await getJson(server.url, user.token, "/api/merchant-chat/messages")).status).toBe(403);
    expect((await postJson(server.url, merchant.token, "/api/merchant-chat/messages", { content: "" })).status).toBe(400);
    const mine = await postJson(server.url, merchant.token, "/api/merchant-chat/messages", { content: "rates up" });
    expect(mine.status).toBe(201);
    // What was there before the merchant's first message counts as read: start the mark at it.
    expect(
      (await postJson(server.url, merchant.token, "/api/merchant-chat/read", { up_to_id: mine.body.message.id })).body.badges.merchant_chat,
    ).toBe(0);
    expect((await postJson(server.url, other.token, "/api/merchant-chat/messages", { content: "agreed" })).status).toBe(201);
    const last = await postJson(server.url, admin.token, "/api/merchant-chat/messages", { content: "be nice" });
    expect(last.status).toBe(201);
    expect((await getJson(server.url, merchant.token, "/api/badges")).body.merchant_chat).toBe(2);
    expect((await getJson(server.url, user.token, "/api/badges")).body.merchant_chat).toBe(0);
    expect((await postJson(server.url, merchant.token, "/api/merchant-chat/read", { up_to_id: "nope" })).status).toBe(400);
    expect((await postJson(server.url, merchant.token, "/api/merchant-chat/read", { up_to_id: other.id })).status).toBe(400);
    expect(
      (await postJson(server.url, merchant.token, "/api/merchant-chat/read", { up_to_id: last.body.message.id })).body.badges.merchant_chat,
    ).toBe(0);
    // A mark never moves back: reading an older message again keeps the count at 0.
    expect(
      (await postJson(server.url, merchant.token, "/api/merchant-chat/read", { up_to_id: mine.body.message.id })).body.badges.merchant_chat,
    ).toBe(0);
    const messages = await getJson(server.url, other.token, "/api/merchant-chat/messages?limit=3");
    expect(messages.body.messages.map((m: { content: string }) => m.content)).toEqual(["rates up", "agreed", "be nice"]);
    expect(messages.body.messages[2].sender_role).toBe("admin");
  });
});

describe("live chat", () => {
  it("opens or resumes the user's session, notifies admins, and notifies the owner of an admin reply", async () => {
    const opened = await postJson(server.url, user.token, "/api/live-chat/sessions", { message: "I need help with a withdrawal" });
    expect(opened.status).toBe(201);
    const session = opened.body.session;
    expect(session).toMatchObject({ user_id: user.id, status: "waiting", last_message: "I need help with a withdrawal" });
    const again = await postJson(server.url, user.token, "/api/live-chat/sessions", {});
    expect(again).toMatchObject({ status: 200, body: { session: { id: session.id } } });
    expect((await getJson(server.url, user.token, "/api/live-chat/sessions/mine")).body.session.id).toBe(session.id);

    const adminNotices = await server.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "live_chat_request")));
    expect(adminNotices.length).toBeGreaterThanOrEqual(1);
    const waiting = await getJson(server.url, admin.token, "/api/admin/live-chat/sessions?status=waiting");
    expect(waiting.body.sessions.map((s: { id: string }) => s.id)).toContain(session.id);
    expect((await getJson(server.url, user.token, "/api/admin/live-chat/sessions")).status).toBe(403);

    const reply = "Hello! Please share the withdrawal id and the address you used, and we will look into it.";
    const sent = await postJson(server.url, admin.token, `/api/live-chat/sessions/${session.id}/messages`, { message: reply });
    expect(sent.status).toBe(201);
    expect(sent.body.message.sender_type).toBe("admin");
    const [notice] = await server.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, "new_message")));
    expect(notice).toMatchObject({ title: "New message from Support", message: `${reply.slice(0, 50)}...` });
    expect((await getJson(server.url, user.token, "/api/live-chat/sessions/mine")).body.session.status).toBe("open");

    const history = await getJson(server.url, user.token, `/api/live-chat/sessions/${session.id}/messages`);
    expect(history.body.messages.map((m: { sender_type: string }) => m.sender_type)).toEqual(["user", "admin"]);

    // Someone else's session is not found; an empty message is refused.
    expect((await getJson(server.url, stranger.token, `/api/live-chat/sessions/${session.id}/messages`)).status).toBe(404);
    expect((await postJson(server.url, stranger.token, `/api/live-chat/sessions/${session.id}/messages`, { message: "hi" })).status).toBe(404);
    expect((await postJson(server.url, stranger.token, `/api/live-chat/sessions/${session.id}/close`, {})).status).toBe(404);
    expect((await postJson(server.url, user.token, `/api/live-chat/sessions/${session.id}/messages`, { message: "" })).status).toBe(400);

    const closed = await postJson(server.url, admin.token, `/api/admin/live-chat/sessions/${session.id}/close`, {});
    // Both admin actions are in the audit log, and the owner is told the chat was closed.
    const audited = await getJson(server.url, admin.token, `/api/admin/audit-log?target=${session.id}`);
    expect(audited.status).toBe(200);
    expect(audited.body.entries.map((e: { action: string }) => e.action).sort()).toEqual(["live_chat.closed", "live_chat.replied"]);
    const told = await getJson(server.url, user.token, "/api/notifications");
    expect(
      told.body.notifications.some((n: { type: string; title: string }) => n.type === "admin_feedback" && n.title === "Support chat closed"),
    ).toBe(true);
    expect(closed.body.session.status).toBe("closed");
    const late = await postJson(server.url, user.token, `/api/live-chat/sessions/${session.id}/messages`, { message: "still there?" });
    expect(late).toMatchObject({ status: 409, body: { error: { code: "LIVE_CHAT_CLOSED" } } });
    expect((await getJson(server.url, user.token, "/api/live-chat/sessions/mine")).body.session).toBeNull();
    expect((await postJson(server.url, user.token, "/api/live-chat/sessions", {})).status).toBe(201);
  });
});
