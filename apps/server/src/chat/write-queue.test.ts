import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { chatMessages, events, notifications } from "../db/schema.js";
import { findOrder } from "../orders/load-order.js";
import { ChatWriteQueue } from "./write-queue.js";

let server: TestServer;
let admin: TestUser;
let merchant: TestUser;
const users: TestUser[] = [];
const orderIds: string[] = [];
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_CHAT_PER_MINUTE: "1000" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
  merchant = await merchantWithOffer(server);
  for (let i = 0; i < 3; i++) {
    const user = await createSignedInUser(server.ctx.db, secret());
    users.push(user);
    orderIds.push(await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" }));
  }
});
afterAll(() => server.stop());

describe("the chat write queue", () => {
  it("sends many messages at once in shared commits, each answered with its own message, events and notification", async () => {
    const sends = Array.from({ length: 36 }, (_, n) => {
      const k = n % 3;
      const from = n % 2 === 0 ? users[k]! : merchant;
      return { k, from, content: `message ${n} in chat ${k}` };
    });
    const answers = await Promise.all(
      sends.map((s) => postJson(server.url, s.from.token, `/api/orders/${orderIds[s.k]}/messages`, { content: s.content })),
    );
    expect(answers.map((a) => a.status)).toEqual(sends.map(() => 201));
    answers.forEach((a, n) =>
      expect(a.body.message).toMatchObject({ content: sends[n]!.content, sender_id: sends[n]!.from.id, order_id: orderIds[sends[n]!.k] }),
    );

    const ids = answers.map((a) => a.body.message.id as string);
    const rows = await server.ctx.db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    expect(rows).toHaveLength(36);

    const stored = await server.ctx.db.select().from(events).where(eq(events.type, "chat.message"));
    const payloads = stored.map((e) => e.payload as { id: string });
    for (const a of answers) expect(payloads.filter((p) => p.id === a.body.message.id)).toEqual([a.body.message]);
    for (let k = 0; k < 3; k++) {
      const toBuyer = await server.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, users[k]!.id), eq(notifications.type, "new_message")));
      expect(toBuyer).toHaveLength(sends.filter((s) => s.k === k && s.from === merchant).length);
    }
  });

  it("groups the messages that arrive while its statements run into one statement each", async () => {
    const order = (await findOrder(server.ctx.db, orderIds[1]!))!;
    const queue = new ChatWriteQueue(server.ctx.db);
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, n) => queue.write({ orderId: order.id, senderId: merchant.id, content: `grouped ${n}`, cap: null })),
    );
    expect(written.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, n) => `grouped ${n}`));
    // Messages that shared a statement share its transaction's time: 2 went alone, 18 in one.
    const rows = await server.ctx.db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          written.map((m) => m.id),
        ),
      );
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBeLessThanOrEqual(3);
    // Within a statement, the chat keeps the order they were sent in. (The first two statements
    // run side by side, so the second may land after the group: only the group's order is set.)
    const group = Array.from({ length: 18 }, (_, n) => `grouped ${n + 2}`);
    const bySeq = [...rows].sort((a, b) => a.seq - b.seq).map((r) => r.content);
    expect(bySeq.filter((content) => group.includes(content))).toEqual(group);
  });

  it("answers each message of a failed group alone, so one bad message never fails the others", async () => {
    const order = (await findOrder(server.ctx.db, orderIds[0]!))!;
    const queue = new ChatWriteQueue(server.ctx.db);
    const good = (n: number) => ({ orderId: order.id, senderId: users[0]!.id, content: `fine ${n}`, cap: null });
    // A sender who does not exist: their row breaks the foreign key, and with it the shared statement.
    const bad = { ...good(99), senderId: "00000000-0000-4000-8000-000000000000" };
    // The first two go alone; the bad one goes in a group with the rest.
    const results = await Promise.allSettled([good(1), good(2), good(3), good(4), good(5), bad, good(6), good(7)].map((m) => queue.write(m)));
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    const contents = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.content] : []));
    expect(contents).toEqual(["fine 1", "fine 2", "fine 3", "fine 4", "fine 5", "fine 6", "fine 7"]);
    const rows = await server.ctx.db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.content, [...contents, "fine 99"]));
    expect(rows.map((r) => r.content).sort()).toEqual([...contents].sort());
  });

  it("holds each sender's limit inside a grouped statement: messages past the cap are refused, the others of the group written", async () => {
    const order = (await findOrder(server.ctx.db, orderIds[2]!))!;
    const queue = new ChatWriteQueue(server.ctx.db);
    // A sender whose limit is untouched (the queue does not check who is a party; the route does).
    const fresh = await createSignedInUser(server.ctx.db, secret());
    const capped = (n: number) => ({ orderId: order.id, senderId: fresh.id, content: `capped ${n}`, cap: 4 });
    const free = (n: number) => ({ orderId: order.id, senderId: merchant.id, content: `free ${n}`, cap: null });
    // Two go alone, the rest share a statement: 10 from a sender with a cap of 4, 6 from one without.
    const results = await Promise.allSettled(Array.from({ length: 16 }, (_, n) => queue.write(n % 8 < 5 ? capped(n) : free(n))));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string }] : []));
    expect(refused.map((e) => e.code)).toEqual(Array.from({ length: 6 }, () => "RATE_LIMITED"));
    const written = await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.orderId, order.id));
    expect(written.filter((m) => m.content.startsWith("capped")).length).toBe(4);
    expect(written.filter((m) => m.content.startsWith("free")).length).toBe(6);
    // The first four sent are the ones written.
    const sentCapped = results.flatMap((r, n) => (n % 8 < 5 ? [r.status] : []));
    expect(sentCapped).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
      "rejected",
      "rejected",
      "rejected",
    ]);
  });
});
