import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { chatMessages, notifications } from "../db/schema.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(server.ctx.db, secret, { role: "admin" });
  user = await createSignedInUser(server.ctx.db, secret);
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

const say = (orderId: string, content: string, key: string) =>
  postJson(server.url, user.token, `/api/orders/${orderId}/messages`, { content }, { "Idempotency-Key": key });
const textsOf = (orderId: string) =>
  server.ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.orderId, orderId), eq(chatMessages.kind, "text")));
const messageNotices = () =>
  server.ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")));

describe("order chat send with an Idempotency-Key", () => {
  it("posts a message once however often the same key is sent, replaying the first answer", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const noticesBefore = (await messageNotices()).length;

    const first = await say(orderId, "Sent the transfer", "chat-retry-1");
    // The phone lost the answer and tries again, once in sequence and twice at the same moment.
    const again = await say(orderId, "Sent the transfer", "chat-retry-1");
    const racing = await Promise.all([say(orderId, "Sent the transfer", "chat-retry-1"), say(orderId, "Sent the transfer", "chat-retry-1")]);

    expect(first.status).toBe(201);
    for (const replay of [again, ...racing]) {
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.body.message).toEqual(first.body.message);
    }
    expect(await textsOf(orderId)).toEqual([{ id: first.body.message.id }]);
    expect((await messageNotices()).length).toBe(noticesBefore + 1);
  });

  it("replays the first answer byte for byte", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const send = () =>
      fetch(`${server.url}/api/orders/${orderId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json", "idempotency-key": "chat-bytes-1" },
        body: JSON.stringify({ content: 'Sent ₦50,000 — check "Access" app' }),
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status, again.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(await again.text()).toBe(await first.text());
  });

  it("writes one message when the first sends of a key race, each in its own statement or in one together", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const noticesBefore = (await messageNotices()).length;
    // The first message keeps the sender's statement busy, so the six copies wait and go in one statement together.
    const [, ...sends] = await Promise.all([
      say(orderId, "Hello", "chat-race-0"),
      ...Array.from({ length: 6 }, () => say(orderId, "Paid, check your bank", "chat-race-1")),
    ]);
    expect(sends.map((s) => s.status)).toEqual(sends.map(() => 201));
    expect(sends.filter((s) => s.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    for (const s of sends) expect(s.body.message).toEqual(sends[0]!.body.message);
    expect(await textsOf(orderId)).toHaveLength(2);
    expect((await messageNotices()).length).toBe(noticesBefore + 2);

    // The same key with two different messages at the same moment: one is written, the other refused.
    const [, ...mixed] = await Promise.all([
      say(orderId, "Hello again", "chat-race-3"),
      say(orderId, "first words", "chat-race-2"),
      say(orderId, "other words", "chat-race-2"),
    ]);
    expect(mixed.map((s) => s.status)).toEqual([201, 422]);
    expect(await textsOf(orderId)).toHaveLength(4);
  });

  it("posts each new key, and refuses a key reused for another message", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect((await say(orderId, "one", "chat-key-a")).status).toBe(201);
    expect((await say(orderId, "two", "chat-key-b")).status).toBe(201);
    const reused = await say(orderId, "three", "chat-key-a");
    expect(reused).toMatchObject({ status: 422, body: { error: { code: "IDEMPOTENCY_KEY_REUSED" } } });
    expect(await textsOf(orderId)).toHaveLength(2);
  });
});
