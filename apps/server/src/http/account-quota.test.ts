import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { chatMessages, liveChatMessages, merchantChatMessages, notifications, uploads } from "../db/schema.js";
import { queryRows } from "../db/client.js";
import { UPLOADS_PER_10_MINUTES } from "./account-quota.js";

const PNG = readFileSync(new URL("../uploads/test-images/receipt.png", import.meta.url));
/** The default chat limit (RATE_LIMIT_CHAT_PER_MINUTE). */
const CHAT_CAP = 30;
const PARALLEL = 100;

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
const secret = () => server.ctx.config.sessionSecret;

const burst = <T>(n: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));
const statuses = (answers: { status: number }[]) => ({
  sent: answers.filter((a) => a.status === 201).length,
  refused: answers.filter((a) => a.status === 429).length,
});
const countRows = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(server.ctx.db, query))[0]!.n);

beforeAll(async () => {
  // The defaults: 30 messages a minute per chat, 30 uploads per 10 minutes.
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await merchantWithOffer(server);
});

describe("per-account limits hold under parallel requests", () => {
  it("100 parallel order-chat messages: exactly the cap are written and the other party gets exactly that many notifications", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const notifiedBefore = await server.ctx.db.$count(
      notifications,
      and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")),
    );
    const answers = await burst(PARALLEL, (i) => postJson(server.url, user.token, `/api/orders/${orderId}/messages`, { content: `flood ${i}` }));
    expect(statuses(answers)).toEqual({ sent: CHAT_CAP, refused: PARALLEL - CHAT_CAP });
    const refusal = answers.find((a) => a.status === 429)!;
    expect(refusal.body.error.code).toBe("RATE_LIMITED");
    expect(await server.ctx.db.$count(chatMessages, and(eq(chatMessages.orderId, orderId), eq(chatMessages.senderId, user.id)))).toBe(CHAT_CAP);
    const notified = await server.ctx.db.$count(notifications, and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")));
    expect(notified - notifiedBefore).toBe(CHAT_CAP);
    // The counterparty is not limited by the sender's flood.
    expect((await postJson(server.url, merchant.token, `/api/orders/${orderId}/messages`, { content: "still here" })).status).toBe(201);
  });

  it("100 parallel order-chat messages under Idempotency-Keys: exactly the cap are written", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const answers = await burst(PARALLEL, (i) =>
      postJson(server.url, user.token, `/api/orders/${orderId}/messages`, { content: `keyed ${i}` }, { "idempotency-key": `quota-${orderId}-${i}` }),
    );
    expect(statuses(answers)).toEqual({ sent: CHAT_CAP, refused: PARALLEL - CHAT_CAP });
    expect(await server.ctx.db.$count(chatMessages, and(eq(chatMessages.orderId, orderId), eq(chatMessages.senderId, user.id)))).toBe(CHAT_CAP);
  });

  it("100 parallel uploads: exactly the cap are stored", async () => {
    const answers = await burst(PARALLEL, () =>
      fetch(`${server.url}/api/uploads`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "image/png" },
        body: new Uint8Array(PNG),
      }).then(async (res) => ({ status: res.status, body: await res.json() })),
    );
    expect(statuses(answers)).toEqual({ sent: UPLOADS_PER_10_MINUTES, refused: PARALLEL - UPLOADS_PER_10_MINUTES });
    expect(await server.ctx.db.$count(uploads, eq(uploads.ownerId, user.id))).toBe(UPLOADS_PER_10_MINUTES);
  });

  it("100 parallel merchant group-chat messages: exactly the cap are written", async () => {
    const answers = await burst(PARALLEL, (i) => postJson(server.url, merchant.token, "/api/merchant-chat/messages", { content: `group ${i}` }));
    expect(statuses(answers)).toEqual({ sent: CHAT_CAP, refused: PARALLEL - CHAT_CAP });
    expect(await server.ctx.db.$count(merchantChatMessages, eq(merchantChatMessages.senderId, merchant.id))).toBe(CHAT_CAP);
  });

  it("100 parallel live-chat messages: exactly the cap are written, and a refused first message opens no session", async () => {
    const opened = await postJson(server.url, user.token, "/api/live-chat/sessions", { message: "help" });
    expect(opened.status).toBe(201);
    const sessionId = opened.body.session.id as string;
    const answers = await burst(PARALLEL, (i) =>
      postJson(server.url, user.token, `/api/live-chat/sessions/${sessionId}/messages`, { message: `live ${i}` }),
    );
    expect(statuses(answers)).toEqual({ sent: CHAT_CAP - 1, refused: PARALLEL - CHAT_CAP + 1 });
    expect(await server.ctx.db.$count(liveChatMessages, eq(liveChatMessages.senderId, user.id))).toBe(CHAT_CAP);

    const other = await createSignedInUser(server.ctx.db, secret());
    await burst(CHAT_CAP, () => postJson(server.url, other.token, "/api/merchant-chat/messages", { content: "not a member" }));
    const sessionsBefore = await countRows(sql`select count(*)::int as n from live_chat_sessions where user_id = ${other.id}`);
    const firsts = await burst(PARALLEL, (i) => postJson(server.url, other.token, "/api/live-chat/sessions", { message: `first ${i}` }));
    expect(firsts.filter((a) => a.status === 429).length).toBe(PARALLEL - CHAT_CAP);
    expect(await server.ctx.db.$count(liveChatMessages, eq(liveChatMessages.senderId, other.id))).toBe(CHAT_CAP);
    expect(await countRows(sql`select count(*)::int as n from live_chat_sessions where user_id = ${other.id}`)).toBe(sessionsBefore + 1);
  });
});
