import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, post, postJson, putOffer, tradeTo, call, merchantWithOffer } from "../../test/trading-fixtures.js";
import { notificationPreferences } from "../db/schema.js";
import { telegramLinkResponse, telegramStatusResponse } from "@p2p/shared";
import { jobs, telegramLinks } from "../db/schema.js";
import { startFakeBotApi, type FakeBotApi } from "../../test/fakes/fake-bot-api.js";
import { REPLIES, webhookSecret } from "./telegram.js";
import { TELEGRAM_SEND_JOB } from "./send-job.js";

let fake: FakeBotApi;
let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let chatId = 900_000_000;
let updateId = 1;

const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  fake = await startFakeBotApi();
  server = await startTestServer({ TELEGRAM_BOT_TOKEN: "123456:TEST-token", TELEGRAM_API_ROOT: fake.url, TELEGRAM_MODE: "webhook" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await merchantWithOffer(server);
  chatId++;
});

/** A private-chat text message as Telegram posts it to the webhook; `languageCode` is the sender's app language. */
function update(chat: number, text: string, languageCode?: string) {
  const command = /^\/\w+/.exec(text);
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chat, type: "private", first_name: "Ada" },
      from: { id: chat, is_bot: false, first_name: "Ada", username: "ada_tg", ...(languageCode ? { language_code: languageCode } : {}) },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
    },
  };
}

const webhook = (body: unknown, secretToken: string | null = webhookSecret(server.ctx.config)) =>
  post(server.url, null, "/api/telegram/webhook", body, secretToken === null ? {} : { "x-telegram-bot-api-secret-token": secretToken });

const setLanguage = async (who: TestUser, language: string) =>
  expect((await call(server.url, who.token, "/api/profile/language", { method: "PUT", body: { language } })).status).toBe(200);

async function linkViaStart(who: TestUser, chat: number): Promise<void> {
  const res = await postJson(server.url, who.token, "/api/telegram/link", {});
  expect(res.status).toBe(200);
  const url = new URL(telegramLinkResponse.parse(res.body).url);
  expect(`${url.origin}${url.pathname}`).toBe("https://t.me/naijap2p_test_bot");
  const token = url.searchParams.get("start")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
  expect((await webhook(update(chat, `/start ${token}`))).status).toBe(200);
}

const messagesTo = (chat: number) => fake.delivered.filter((m) => m.chat_id === chat);
const sendJobs = () => server.ctx.db.select().from(jobs).where(eq(jobs.kind, TELEGRAM_SEND_JOB));
/** Time passes: every queued job waiting out its backoff becomes due now. */
const skipBackoff = () => server.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);

describe("linking a Telegram chat", () => {
  it("refuses a signed-out caller", async () => {
    expect((await post(server.url, null, "/api/telegram/link", {})).status).toBe(401);
    expect((await call(server.url, null, "/api/telegram/status")).status).toBe(401);
  });

  it("reports the bot as a configured provider", async () => {
    expect((await getJson(server.url, null, "/api/auth/providers")).body.telegram).toBe(true);
  });

  it("links the chat through /start <token> delivered to the webhook, once per token", async () => {
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
    const res = await postJson(server.url, user.token, "/api/telegram/link", {});
    const token = new URL(res.body.url as string).searchParams.get("start")!;
    expect((await webhook(update(chatId, `/start ${token}`))).status).toBe(200);

    const status = await getJson(server.url, user.token, "/api/telegram/status");
    expect(telegramStatusResponse.parse(status.body)).toEqual({ linked: true, username: "ada_tg", linked_at: expect.any(String) });
    expect(Math.abs(Date.parse(status.body.linked_at as string) - Date.now())).toBeLessThan(60_000);
    expect(messagesTo(chatId).at(-1)?.text).toBe(REPLIES.linked);

    // The token is spent: a second use from another chat links nothing.
    expect((await webhook(update(chatId + 500_000, `/start ${token}`))).status).toBe(200);
    expect(messagesTo(chatId + 500_000).at(-1)?.text).toBe(REPLIES.badToken);
    const links = await server.ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id));
    expect(links.map((l) => l.chatId)).toEqual([chatId]);
  });

  it("answers a bad or expired token with a plain reply", async () => {
    await webhook(update(chatId, "/start not-a-real-token"));
    expect(messagesTo(chatId).at(-1)?.text).toBe(REPLIES.badToken);
    const res = await postJson(server.url, user.token, "/api/telegram/link", {});
    const token = new URL(res.body.url as string).searchParams.get("start")!;
    await server.ctx.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    await webhook(update(chatId, `/start ${token}`));
    expect(messagesTo(chatId).at(-1)?.text).toBe(REPLIES.badToken);
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
  });

  it("refuses a webhook call without the right secret header", async () => {
    const res = await postJson(server.url, user.token, "/api/telegram/link", {});
    const token = new URL(res.body.url as string).searchParams.get("start")!;
    expect((await webhook(update(chatId, `/start ${token}`), "wrong-secret")).status).toBe(401);
    expect((await webhook(update(chatId, `/start ${token}`), null)).status).toBe(401);
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
  });

  it("unlinks with DELETE /api/telegram/link", async () => {
    await linkViaStart(user, chatId);
    const res = await call(server.url, user.token, "/api/telegram/link", { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
  });
});

describe("in the reader's language", () => {
  it("sends a Yoruba user's notifications in Yoruba with the order's details, while the notification row keeps the English", async () => {
    await setLanguage(user, "yo");
    await linkViaStart(user, chatId);
    const before = messagesTo(chatId).length;
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await server.ctx.jobs.runDue();
    expect(
      messagesTo(chatId)
        .slice(before)
        .map((m) => m.text),
    ).toContain(`Ìròyìn ọjà\n\nA ti so ọjà rẹ pọ̀ mọ́ oníṣòwò kan\nRà 10 PI · ₦10,000.00 · ${merchant.username}`);
    const { notifications } = (await getJson(server.url, user.token, "/api/notifications")).body;
    expect(notifications[0]).toMatchObject({ title: "Order Update", message: "Your order has been matched with a trader" });
  });

  it("answers in the account's language once the chat is linked, before that in the sender's Telegram language", async () => {
    await setLanguage(user, "yo");
    await webhook(update(chatId, "/start", "fr"));
    expect(messagesTo(chatId).at(-1)?.text).toBe(
      "Bienvenue sur NaijaP2P. Pour recevoir vos notifications ici, ouvrez NaijaP2P, choisissez « Rejoindre le bot Telegram » et suivez le lien.",
    );
    await webhook(update(chatId, "/start not-a-real-token", "ha-NG"));
    expect(messagesTo(chatId).at(-1)?.text).toBe(
      "Wannan hanyar ba ta da inganci ko ta ƙare. Buɗe NaijaP2P, zaɓi 'Shiga Telegram Bot' ka yi amfani da sabuwar hanyar.",
    );
    const res = await postJson(server.url, user.token, "/api/telegram/link", {});
    const token = new URL(res.body.url as string).searchParams.get("start")!;
    await webhook(update(chatId, `/start ${token}`, "fr"));
    expect(messagesTo(chatId).at(-1)?.text).toBe(
      "A ti so àkáǹtì NaijaP2P rẹ pọ̀ báyìí. Wàá máa gba ìfitónilétí rẹ níbí. Fi /stop ránṣẹ́ láti yọ ìsopọ̀ kúrò.",
    );
    await webhook(update(chatId, "/stop", "fr"));
    expect(messagesTo(chatId).at(-1)?.text).toBe("A ti yọ ìsopọ̀ àkáǹtì NaijaP2P rẹ kúrò. O kò ní gba ìfitónilétí níbí mọ́.");
    await webhook(update(chatId, "/stop", "de"));
    expect(messagesTo(chatId).at(-1)?.text).toBe(REPLIES.notLinked);
  });
});

describe("notifications on Telegram", () => {
  it("sends each new notification of a linked user as plain text after the jobs run", async () => {
    await linkViaStart(user, chatId);
    const before = messagesTo(chatId).length;
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect(orderId).toBeTruthy();
    // Nothing leaves before the job runs: the outbox only queued it.
    expect(messagesTo(chatId).length).toBe(before);
    await server.ctx.jobs.runDue();
    const sent = messagesTo(chatId).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) {
      expect(m.parse_mode).toBeUndefined();
      expect(m.text).toMatch(/\n\n/);
    }
    // The merchant has no linked chat: none of their notifications went to this chat or any other.
    const merchantJobs = (await sendJobs()).filter((j) => (j.payload as { userId: string }).userId === merchant.id);
    expect(merchantJobs).toEqual([]);
  });

  it("retries with backoff when Telegram fails, and never holds up the order", async () => {
    await linkViaStart(user, chatId);
    const before = messagesTo(chatId).length;
    fake.failSendMessage(2);
    const started = Date.now();
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect(Date.now() - started).toBeLessThan(10_000);
    const order = await getJson(server.url, user.token, `/api/orders/${orderId}`);
    expect(order.status).toBe(200);

    await server.ctx.jobs.runDue(); // first attempt fails; the job waits out its backoff
    const pending = (await sendJobs()).filter((j) => j.doneAt === null && (j.payload as { userId: string }).userId === user.id);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.some((j) => j.attempts === 1 && j.lastError && j.runAt.getTime() > Date.now())).toBe(true);
    expect(messagesTo(chatId).length).toBe(before);

    for (let i = 0; i < 4; i++) {
      await skipBackoff();
      await server.ctx.jobs.runDue();
    }
    const mine = (await sendJobs()).filter((j) => (j.payload as { userId: string }).userId === user.id && j.createdAt.getTime() >= started - 1000);
    expect(mine.every((j) => j.doneAt !== null && j.failedAt === null)).toBe(true);
    expect(Math.max(...mine.map((j) => j.attempts))).toBeGreaterThanOrEqual(2);
    const delivered = messagesTo(chatId).slice(before);
    expect(delivered.length).toBe(mine.length);
    // Two attempts were refused by the fake before these got through.
    expect(fake.sent().filter((m) => m.chat_id === chatId).length - messagesTo(chatId).length).toBe(2);
  });

  it("waits out the retry_after of a 429 and sends once, in the same attempt", async () => {
    await linkViaStart(user, chatId);
    const before = messagesTo(chatId).length;
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    fake.limitSendMessage(1, 1);
    const started = Date.now();
    await server.ctx.jobs.runDue();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const mine = (await sendJobs()).filter((j) => (j.payload as { userId: string }).userId === user.id && j.createdAt.getTime() >= started - 5000);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((j) => j.doneAt !== null && j.attempts === 1 && j.failedAt === null)).toBe(true);
    expect(messagesTo(chatId).length - before).toBe(mine.length);
    expect(orderId).toBeTruthy();
  });

  it("sends nothing more after /stop", async () => {
    await linkViaStart(user, chatId);
    expect((await webhook(update(chatId, "/stop"))).status).toBe(200);
    expect(messagesTo(chatId).at(-1)?.text).toBe(REPLIES.stopped);
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
    const after = messagesTo(chatId).length;
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await server.ctx.jobs.runDue();
    expect(messagesTo(chatId).length).toBe(after);
    const queued = await server.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TELEGRAM_SEND_JOB), sql`${jobs.payload}->>'userId' = ${user.id}`, sql`${jobs.doneAt} is null`));
    expect(queued).toEqual([]);
  });
});

describe("delivery preferences and blocked bots", () => {
  it("sends nothing for a type muted on Telegram, and still sends the other types", async () => {
    await linkViaStart(user, chatId);
    const res = await call(server.url, user.token, "/api/notification-preferences", {
      method: "PUT",
      body: { preferences: { order_update: { telegram: false } } },
    });
    expect(res.status).toBe(200);
    const before = messagesTo(chatId).length;
    // The user buys: order_update when the merchant accepts, order_completed when the coins are released.
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    await server.ctx.jobs.runDue();
    const list = (await getJson(server.url, user.token, "/api/notifications")).body.notifications as { type: string; title: string }[];
    const accepted = list.find((n) => n.type === "order_update")!;
    const completed = list.find((n) => n.type === "order_completed")!;
    expect(accepted).toBeDefined(); // the row is always written
    const sent = messagesTo(chatId)
      .slice(before)
      .map((m) => m.text.split("\n\n")[0]);
    expect(sent).toEqual([completed.title]);
    // The muted type's job finished without sending: nothing waits to retry.
    const waiting = (await sendJobs()).filter((j) => (j.payload as { userId: string }).userId === user.id && j.doneAt === null);
    expect(waiting).toEqual([]);
  });

  it("tells a linked merchant of a new open request for their coin, with its details, unless muted on Telegram", async () => {
    const muted = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
    await putOffer(server.ctx.db, muted, "PI");
    await linkViaStart(merchant, chatId);
    await linkViaStart(muted, chatId + 1_000_000);
    const off = { preferences: { new_open_request: { telegram: false } } };
    expect((await call(server.url, muted.token, "/api/notification-preferences", { method: "PUT", body: off })).status).toBe(200);
    const created = await postJson(server.url, user.token, "/api/orders/open-requests", {
      coin: "PI",
      side: "buy",
      naira_amount: "24600",
      price: "1230",
    });
    expect(created.status).toBe(201);
    await server.ctx.jobs.runDue();
    expect(messagesTo(chatId).at(-1)?.text).toBe(
      `New PI open request\n\n${user.username} wants to buy 20 PI for ₦24,600.00. Accept it on the Marketplace.\nSell 20 PI · ₦24,600.00 · ${user.username}`,
    );
    expect(messagesTo(chatId + 1_000_000).some((m) => m.text.startsWith("New PI open request"))).toBe(false);
  });

  it("keeps a muted type's messages once switched back on: later ones are sent again", async () => {
    await linkViaStart(user, chatId);
    await server.ctx.db.insert(notificationPreferences).values({ userId: user.id, type: "order_update", channel: "telegram", enabled: false });
    await call(server.url, user.token, "/api/notification-preferences", {
      method: "PUT",
      body: { preferences: { order_update: { telegram: true } } },
    });
    const before = messagesTo(chatId).length;
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await server.ctx.jobs.runDue();
    expect(messagesTo(chatId).length).toBe(before + 1);
  });

  it("removes the link when the user blocked the bot (403), and retries nothing", async () => {
    await linkViaStart(user, chatId);
    fake.blockChat(chatId);
    const started = Date.now();
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    await server.ctx.jobs.runDue();
    expect((await getJson(server.url, user.token, "/api/telegram/status")).body).toEqual({ linked: false });
    const mine = (await sendJobs()).filter((j) => (j.payload as { userId: string }).userId === user.id && j.createdAt.getTime() >= started - 1000);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((j) => j.doneAt !== null && j.failedAt === null && j.attempts === 1)).toBe(true);
    // One refused attempt; the other queued jobs found no link and sent nothing.
    expect(fake.sent().filter((m) => m.chat_id === chatId && !REPLIES_TEXTS.has(m.text))).toHaveLength(1);
    // Later notifications queue nothing for the chat.
    const jobsBefore = (await sendJobs()).length;
    await server.ctx.db.execute(sql`insert into notifications (user_id, title, message, type) values (${user.id}, 'Hi', 'There', 'price_update')`);
    expect((await sendJobs()).length).toBe(jobsBefore);
  });
});

const REPLIES_TEXTS = new Set<string>(Object.values(REPLIES));
