import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { getJson, postJson } from "../../test/trading-fixtures.js";
import { startFakeBotApi, type FakeBotApi } from "../../test/fakes/fake-bot-api.js";
import { REPLIES } from "./telegram.js";
import { until } from "../../test/until.js";

let fake: FakeBotApi;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeBotApi();
  server = await startTestServer({
    TELEGRAM_BOT_TOKEN: "123456:TEST-token",
    TELEGRAM_API_ROOT: fake.url,
    TELEGRAM_MODE: "polling",
    TELEGRAM_LEASE_SECONDS: "3",
  });
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

it("links a chat through /start <token> received by long polling, and refuses the webhook", async () => {
  const user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  const res = await postJson(server.url, user.token, "/api/telegram/link", {});
  const token = new URL(res.body.url as string).searchParams.get("start")!;
  const text = `/start ${token}`;
  fake.queueUpdate({
    update_id: 1,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 777, type: "private", first_name: "Ada" },
      from: { id: 777, is_bot: false, first_name: "Ada" },
      text,
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    },
  });
  await until("the link's confirmation sent to chat 777", () => fake.delivered.some((m) => m.chat_id === 777), 5000);
  expect(fake.delivered.find((m) => m.chat_id === 777)?.text).toBe(REPLIES.linked);
  expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: true, linked_at: expect.any(String) });
  expect(fake.calls.some((c) => c.method === "getUpdates")).toBe(true);
  // In polling mode there is no webhook to call.
  expect((await postJson(server.url, null, "/api/telegram/webhook", { update_id: 2 })).status).toBe(404);
});

it("starts polling again after Telegram ends it with 409 (another poller somewhere), backing off, and keeps receiving updates", async () => {
  const polls = () => fake.calls.filter((c) => c.method === "getUpdates").length;
  await until("a first poll", () => polls() > 0, 5000);
  fake.conflictGetUpdates(2);
  const before = polls();
  await until("two more polls", () => polls() >= before + 2, 5000); // the two answered 409
  const failedAt = Date.now();
  await until("six more polls", () => polls() >= before + 6, 15_000);
  // One second, then two: never a tight loop against Telegram.
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1000);

  const user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  const res = await postJson(server.url, user.token, "/api/telegram/link", {});
  const token = new URL(res.body.url as string).searchParams.get("start")!;
  fake.queueUpdate({
    update_id: 2,
    message: {
      message_id: 2,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 778, type: "private", first_name: "Bola" },
      from: { id: 778, is_bot: false, first_name: "Bola" },
      text: `/start ${token}`,
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    },
  });
  await until("the link's confirmation sent to chat 778", () => fake.delivered.some((m) => m.chat_id === 778), 10_000);
  expect(fake.delivered.find((m) => m.chat_id === 778)?.text).toBe(REPLIES.linked);
});
