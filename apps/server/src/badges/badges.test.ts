import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgesResponse, chatListResponse, type Badges } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

const badges = async (who: TestUser): Promise<Badges> => badgesResponse.parse((await getJson(server.url, who.token, "/api/badges")).body);

/** What the chat list shows: each order chat's unread count, and the live chat's. */
async function chatList(who: TestUser) {
  const list = chatListResponse.parse((await getJson(server.url, who.token, "/api/chats?page_size=50")).body);
  const orderChats = list.chats.reduce((sum, c) => sum + c.unread, 0);
  return { orderChats, liveChat: list.live_chat?.unread ?? 0, byOrder: new Map(list.chats.map((c) => [c.order_id, c.unread])) };
}

/** The badge says exactly what the chat list adds up to. */
async function expectBadgeMatchesList(who: TestUser) {
  const [counts, list] = [await badges(who), await chatList(who)];
  expect(counts.order_chats).toBe(list.orderChats);
  expect(counts.live_chat).toBe(list.liveChat);
  expect(counts.messages).toBe(list.orderChats + list.liveChat);
  return counts;
}

describe("GET /api/badges", () => {
  it("answers 401 when signed out", async () => {
    expect((await getJson(server.url, null as unknown as string, "/api/badges")).status).toBe(401);
  });

  it("counts what the chat list shows across two order chats and the live chat, and a read clears only its own chat", async () => {
    const user = await createSignedInUser(server.ctx.db, secret());
    const merchant = await merchantWithOffer(server);
    const parties = { admin, user, merchant };
    const first = await tradeTo(server, parties, { side: "buy", status: "matched" });
    const second = await tradeTo(server, parties, { side: "buy", status: "pending" });
    const before = await expectBadgeMatchesList(user);

    const say = async (orderId: string, content: string) =>
      (await postJson(server.url, merchant.token, `/api/orders/${orderId}/messages`, { content })).body.message.id as string;
    for (let i = 0; i < 3; i++) await say(first, `first ${i}`);
    const lastInSecond = await say(second, "second");
    const opened = await postJson(server.url, user.token, "/api/live-chat/sessions", { message: "Where is my deposit?" });
    const sessionId = opened.body.session.id as string;
    const reply = await postJson(server.url, admin.token, `/api/live-chat/sessions/${sessionId}/messages`, { message: "Looking now" });

    const grown = await expectBadgeMatchesList(user);
    expect(grown.order_chats).toBe(before.order_chats + 4);
    expect(grown.live_chat).toBe(1);

    // Reading the second chat clears its count, in the list and the badge, and no other.
    const secondUnread = (await chatList(user)).byOrder.get(second)!;
    expect((await postJson(server.url, user.token, `/api/orders/${second}/messages/read`, { up_to_id: lastInSecond })).status).toBe(200);
    const afterOrderRead = await expectBadgeMatchesList(user);
    expect(afterOrderRead.order_chats).toBe(grown.order_chats - secondUnread);
    expect((await chatList(user)).byOrder.get(second)).toBe(0);
    expect(afterOrderRead.live_chat).toBe(1);

    // Reading the live chat clears it, and support's notification with it.
    const unreadNotices = grown.notifications;
    const read = await postJson(server.url, user.token, `/api/live-chat/sessions/${sessionId}/read`, { up_to_id: reply.body.message.id });
    expect(read.status).toBe(200);
    expect(read.body.badges.live_chat).toBe(0);
    const afterLiveRead = await expectBadgeMatchesList(user);
    expect(afterLiveRead.live_chat).toBe(0);
    expect(afterLiveRead.notifications).toBeLessThan(unreadNotices);
    expect(afterLiveRead.order_chats).toBe(afterOrderRead.order_chats);
  });

  it("lets only the live chat's owner mark it read, and only up to a message of that chat", async () => {
    const owner = await createSignedInUser(server.ctx.db, secret());
    const other = await createSignedInUser(server.ctx.db, secret());
    const opened = await postJson(server.url, owner.token, "/api/live-chat/sessions", { message: "Hello" });
    const sessionId = opened.body.session.id as string;
    const reply = await postJson(server.url, admin.token, `/api/live-chat/sessions/${sessionId}/messages`, { message: "Hi there" });
    const upTo = { up_to_id: reply.body.message.id };
    expect((await postJson(server.url, other.token, `/api/live-chat/sessions/${sessionId}/read`, upTo)).status).toBe(404);
    expect((await postJson(server.url, admin.token, `/api/live-chat/sessions/${sessionId}/read`, upTo)).status).toBe(404);
    expect((await postJson(server.url, owner.token, `/api/live-chat/sessions/${sessionId}/read`, { up_to_id: other.id })).status).toBe(400);
    expect((await badges(owner)).live_chat).toBe(1);
  });

  it("counts the pending orders of spec §6 and the merchants' group chat for merchants only", async () => {
    const user = await createSignedInUser(server.ctx.db, secret());
    const merchant = await merchantWithOffer(server);
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect((await badges(user)).pending_orders).toBe(1);
    expect((await badges(merchant)).pending_orders).toBe(1);
    const summary = await getJson(server.url, merchant.token, "/api/dashboard/summary");
    expect(summary.body.active_orders).toBe(1);
  });
});
