import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REALTIME_EVENTS, serverFrame } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, fund, getJson, postJson, putOffer, tradeTo, txHash } from "../../test/trading-fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { appendEvent, appendEvents, lastEventId, writeEvents } from "./append-event.js";
import type { NewEvent } from "./event-types.js";
import { transact } from "../db/transact.js";
import { pruneEvents } from "./prune-events.js";
import { queryRows } from "../db/client.js";
import { sql } from "drizzle-orm";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let stranger: TestUser;
const sockets: TestSocket[] = [];

const secret = () => server.ctx.config.sessionSecret;
const connect = async (who: TestUser | null, headers?: Record<string, string>) => {
  const socket = await TestSocket.connect(server.url, who?.token ?? null, headers);
  sockets.push(socket);
  if (who) await socket.waitFor((f) => f.type === "hello");
  return socket;
};
const say = (who: TestUser, orderId: string, content: string) => postJson(server.url, who.token, `/api/orders/${orderId}/messages`, { content });
/** A `notifications.read` event whose unread count tells the events of one test apart. */
const readEvent = (topic: string, n: number): NewEvent => ({
  topic,
  type: REALTIME_EVENTS.notificationsRead,
  payload: { ids: null, unread_counts: { notifications: n, messages: 0 } },
});

beforeAll(async () => {
  server = await startTestServer({ REALTIME_SWEEP_MS: "200", RATE_LIMIT_CHAT_PER_MINUTE: "1000" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  stranger = await createSignedInUser(server.ctx.db, secret());
  await putOffer(server.ctx.db, merchant, "PI");
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

describe("the /realtime socket", () => {
  it("delivers a chat message to the other party's socket, on the order topic and as a notification", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const socket = await connect(merchant);
    expect(await socket.subscribe(`order:${orderId}`)).toMatchObject({ type: "subscribed" });
    expect(await socket.subscribe(`user:${merchant.id}`)).toMatchObject({ type: "subscribed" });

    const text = "Sent the naira just now, please check your Zenith account and confirm quickly!";
    const sent = await say(user, orderId, text);
    expect(sent.status).toBe(201);

    const message = await socket.waitFor((f) => f.event === "chat.message" && f.payload.id === sent.body.message.id);
    expect(message).toMatchObject({
      topic: `order:${orderId}`,
      payload: { content: text, sender_id: user.id, sender_username: user.username, kind: "text" },
    });
    expect(typeof message.id).toBe("number");
    const notice = await socket.waitFor((f) => f.event === "notification.created" && f.payload.type === "new_message");
    expect(notice.topic).toBe(`user:${merchant.id}`);
    expect(notice.payload).toMatchObject({ title: `New message from ${user.username}`, message: `${text.slice(0, 50)}...`, order_id: orderId });
    for (const f of socket.frames) expect(serverFrame.safeParse(f).success).toBe(true);

    // The socket, the answer and the lists show the same message and notification, field for field.
    expect(message.payload).toEqual(sent.body.message);
    const history = await getJson(server.url, merchant.token, `/api/orders/${orderId}/messages`);
    expect(history.body.messages).toContainEqual(sent.body.message);
    const inbox = await getJson(server.url, merchant.token, "/api/notifications");
    expect(inbox.body.notifications).toContainEqual(notice.payload);
  });

  it("refuses a foreign order's topic, another user's topic and role topics with an error frame", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    const socket = await connect(stranger);
    expect(await socket.subscribe(`order:${orderId}`)).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN", topic: `order:${orderId}` });
    expect(await socket.subscribe(`user:${user.id}`)).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN" });
    expect(await socket.subscribe("merchants")).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN" });
    expect(await socket.subscribe("admin")).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN" });
    expect(await socket.subscribe("order:not-a-uuid")).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN" });
    expect(await socket.subscribe(`order:00000000-0000-4000-8000-000000000000`)).toMatchObject({ type: "error", code: "TOPIC_FORBIDDEN" });

    // Nothing of that order reaches the refused socket.
    await say(user, orderId, "private");
    const own = await socket.subscribe(`user:${stranger.id}`);
    expect(own.type).toBe("subscribed");
    expect(socket.events()).toEqual([]);

    const adminSocket = await connect(admin);
    expect(await adminSocket.subscribe(`order:${orderId}`)).toMatchObject({ type: "subscribed" });
    expect(await adminSocket.subscribe("admin")).toMatchObject({ type: "subscribed" });
    const merchantSocket = await connect(merchant);
    expect(await merchantSocket.subscribe("merchants")).toMatchObject({ type: "subscribed" });
  });

  it("closes unauthenticated and cross-site cookie sockets, and answers bad frames with an error", async () => {
    const anonymous = await connect(null);
    expect(await anonymous.waitForClose()).toBe(4401);

    const socket = await connect(user);
    socket.send("not json");
    expect(await socket.waitFor((f) => f.type === "error")).toMatchObject({ code: "BAD_FRAME" });
    socket.send({ type: "ping" });
    await socket.waitFor((f) => f.type === "pong");

    const crossSite = await TestSocket.connect(server.url, null, { cookie: `__Host-p2p_at=${user.token}`, origin: "https://evil.example" });
    sockets.push(crossSite);
    expect(await crossSite.waitForClose()).toBe(4403);
  });

  it("replays each missed event exactly once after a reconnect with last_event_id, then goes live", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const topic = `order:${orderId}`;
    const first = await connect(merchant);
    await first.subscribe(topic);
    await say(user, orderId, "before the drop");
    const seen = await first.waitFor((f) => f.event === "chat.message" && f.payload.content === "before the drop");
    first.close();
    await first.waitForClose();

    // Missed while away: messages and a status change.
    for (let i = 0; i < 5; i++) expect((await say(user, orderId, `missed ${i}`)).status).toBe(201);
    expect((await postJson(server.url, user.token, `/api/orders/${orderId}/mark-paid`)).status).toBe(200);

    const second = await connect(merchant);
    // Messages keep arriving while the replay runs: none may be lost or doubled.
    const during = Promise.all(Array.from({ length: 5 }, (_, i) => say(user, orderId, `during ${i}`)));
    const answer = await second.subscribe(topic, seen.id);
    expect(answer.type).toBe("subscribed");
    await during;
    await say(user, orderId, "after");
    await second.waitFor((f) => f.event === "chat.message" && f.payload.content === "after");

    const received = second.events(topic);
    const ids = received.map((f) => f.id as number);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const stored = await queryRows<{ id: string }>(server.ctx.db, sql`select id from events where topic = ${topic} and id > ${seen.id} order by id`);
    expect(ids).toEqual(stored.map((r) => Number(r.id)));
    const contents = received.filter((f) => f.event === "chat.message" && f.payload.kind === "text").map((f) => f.payload.content);
    expect(contents.slice(0, 5)).toEqual(["missed 0", "missed 1", "missed 2", "missed 3", "missed 4"]);
    expect(contents.filter((c: string) => c.startsWith("during")).sort()).toEqual(["during 0", "during 1", "during 2", "during 3", "during 4"]);
    expect(received.some((f) => f.event === "order.updated" && f.payload.status === "in_progress")).toBe(true);
    expect(contents).not.toContain("before the drop");
  });

  it("gives the session read each standing topic's newest event id; a first subscription from it is replayed exactly what came after", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await say(user, orderId, "before the page loaded");
    const cursorsOf = async (who: TestUser) => {
      const session = await getJson(server.url, who.token, "/api/auth/session");
      expect(session.status).toBe(200);
      return session.body.realtime_cursors as Record<string, number>;
    };
    // Each topic's newest stored id, read here on its own (not through the code under test).
    const lastIds = async (topics: string[]) => {
      const rows = await queryRows<{ topic: string; id: string | null }>(
        server.ctx.db,
        sql`select topic, max(id) as id from events where topic in (${sql.join(
          topics.map((t) => sql`${t}`),
          sql`, `,
        )}) group by topic`,
      );
      return Object.fromEntries(topics.map((t) => [t, Number(rows.find((r) => r.topic === t)?.id ?? 0)]));
    };

    // Exactly the topics each role may follow, each at its newest id.
    const merchantCursors = await cursorsOf(merchant);
    expect(merchantCursors).toEqual(await lastIds([`user:${merchant.id}`, "market", "merchants"]));
    expect(merchantCursors[`user:${merchant.id}`]).toBeGreaterThan(0);
    expect(Object.keys(await cursorsOf(user)).sort()).toEqual(["market", `user:${user.id}`].sort());
    expect(Object.keys(await cursorsOf(admin)).sort()).toEqual(["admin", "market", "merchants", `user:${admin.id}`].sort());
    expect((await getJson(server.url, null, "/api/auth/session")).body).toEqual({ user: null });

    // Written after the session read and before the socket: replayed once, then live; nothing older.
    const topic = `user:${merchant.id}`;
    await say(user, orderId, "while the page loaded");
    const socket = await connect(merchant);
    expect((await socket.subscribe(topic, merchantCursors[topic])).type).toBe("subscribed");
    await say(user, orderId, "after the socket");
    await socket.waitFor((f) => f.topic === topic && f.event === "notification.created" && /after the socket/.test(JSON.stringify(f.payload)));
    const ids = socket.events(topic).map((f) => f.id as number);
    const stored = await queryRows<{ id: string }>(
      server.ctx.db,
      sql`select id from events where topic = ${topic} and id > ${merchantCursors[topic]} order by id`,
    );
    expect(ids).toEqual(stored.map((r) => Number(r.id)));
    expect(socket.events(topic).some((f) => /while the page loaded/.test(JSON.stringify(f.payload)))).toBe(true);
    expect(socket.events(topic).some((f) => /before the page loaded/.test(JSON.stringify(f.payload)))).toBe(false);
  });

  it("sends every order transition to the order's topic and the participants' own topics", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    const socket = await connect(user);
    await socket.subscribe(`order:${orderId}`);
    await socket.subscribe(`user:${user.id}`);
    expect((await postJson(server.url, merchant.token, `/api/orders/${orderId}/accept`)).status).toBe(200);
    await socket.waitFor((f) => f.event === "order.updated" && f.payload.status === "matched" && f.payload.current_step === 2);
    await socket.waitFor((f) => f.topic === `order:${orderId}` && f.event === "chat.message" && f.payload.kind === "system");
    await socket.waitFor((f) => f.topic === `user:${user.id}` && f.event === "order.changed" && f.payload.status === "matched");
    await socket.waitFor(
      (f) =>
        f.event === "notification.created" && f.payload.type === "order_update" && f.payload.message === "Your order has been matched with a trader",
    );
  });

  it("tells admins about a new appeal", async () => {
    const socket = await connect(admin);
    await socket.subscribe("admin");
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "disputed" });
    await socket.waitFor((f) => f.event === "appeal.opened" && f.payload.order_id === orderId);
  });

  it("tells the rated party their new Reputation Score on their own topic", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    const socket = await connect(merchant);
    await socket.subscribe(`user:${merchant.id}`);
    expect((await postJson(server.url, user.token, `/api/orders/${orderId}/rating`, { stars: 4 })).status).toBe(201);
    await socket.waitFor(
      (f) =>
        f.event === REALTIME_EVENTS.ratingReceived &&
        f.payload.order_id === orderId &&
        f.payload.reputation_score === "4.00" &&
        f.payload.stars === 4,
    );
  });

  it("tells the merchants when an open request appears on the marketplace and when it is taken", async () => {
    const socket = await connect(merchant);
    await socket.subscribe("merchants");
    const posted = await postJson(server.url, user.token, "/api/orders/open-requests", { coin: "PI", side: "buy", naira_amount: "10000" });
    expect(posted.status).toBe(201);
    const orderId = posted.body.order.id as string;
    await socket.waitFor((f) => f.event === REALTIME_EVENTS.marketplaceChanged && f.payload.order_id === orderId && f.payload.open === true);
    await fund(server.ctx.db, admin, merchant, "PI", "1000");
    expect((await postJson(server.url, merchant.token, `/api/orders/${orderId}/accept`)).status).toBe(200);
    await socket.waitFor((f) => f.event === REALTIME_EVENTS.marketplaceChanged && f.payload.order_id === orderId && f.payload.open === false);
    for (const f of socket.frames) expect(serverFrame.safeParse(f).success).toBe(true);
  });

  it("tells every signed-in tab on the market topic when a merchant's offer changes what traders see, and not when nothing they see did", async () => {
    const socket = await connect(user);
    expect(await socket.subscribe("market")).toMatchObject({ type: "subscribed" });
    const offer = { buy_price: "950.00", sell_price: "1000.00", min_order: "1000.00", max_order: "100000.00", bank_name: "Zenith Bank" };
    const put = (changes: Record<string, unknown>) =>
      fetch(`${server.url}/api/offers/PI`, {
        method: "PUT",
        headers: { authorization: `Bearer ${merchant.token}`, "content-type": "application/json" },
        body: JSON.stringify({ ...offer, account_number: "0123456789", account_name: "Merchant Ventures", terms: "", online: true, ...changes }),
      });
    const changes = () => socket.events("market", REALTIME_EVENTS.offersChanged).length;
    expect((await put({ sell_price: "1010.00" })).status).toBe(200);
    await socket.waitUntil(() => changes() === 1);
    // Only the terms text changed: nothing a market screen shows. Then going offline does.
    expect((await put({ sell_price: "1010.00", terms: "Pay from your own account." })).status).toBe(200);
    expect((await put({ sell_price: "1010.00", terms: "Pay from your own account.", online: false })).status).toBe(200);
    await socket.waitUntil(() => changes() === 2);
    expect(socket.events("market").map((f) => f.payload)).toEqual([{ coin: "PI" }, { coin: "PI" }]);
    for (const f of socket.frames) expect(serverFrame.safeParse(f).success).toBe(true);
  });

  it("tells admins when a queue they work through changes: a complaint filed, a deposit submitted, a withdrawal taken back", async () => {
    const socket = await connect(admin);
    await socket.subscribe("admin");
    const filed = await postJson(server.url, user.token, "/api/complaints", {
      category: "payment",
      priority: "high",
      subject: "Transfer not seen",
      message: "I paid but nothing happened.",
    });
    expect(filed.status).toBe(201);
    await socket.waitFor((f) => f.event === "admin.queue_changed" && f.payload.queue === "complaints");
    const deposit = await postJson(server.url, user.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "3", tx_hash: txHash() }));
    expect(deposit.status).toBe(201);
    await socket.waitFor((f) => f.event === "admin.queue_changed" && f.payload.queue === "deposits");
    for (const f of socket.frames) expect(serverFrame.safeParse(f).success).toBe(true);
    // Nobody but admins may follow the queues.
    const stranger = await connect(user);
    expect(await stranger.subscribe("admin")).toMatchObject({ type: "error" });
  });

  it("carries typing and read receipts to the other party", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const socket = await connect(merchant);
    await socket.subscribe(`order:${orderId}`);
    expect((await postJson(server.url, user.token, `/api/orders/${orderId}/typing`)).status).toBe(204);
    const typing = await socket.waitFor((f) => f.event === "chat.typing");
    expect(typing).toMatchObject({ id: null, payload: { user_id: user.id, username: user.username } });

    const sent = await say(merchant, orderId, "hello");
    const read = await postJson(server.url, user.token, `/api/orders/${orderId}/messages/read`, { up_to_id: sent.body.message.id });
    expect(read.status).toBe(200);
    await socket.waitFor((f) => f.event === "chat.read" && f.payload.user_id === user.id && f.payload.up_to_id === sent.body.message.id);
  });

  it("chains concurrent writers of one topic: each event's prev is the id committed just before it", async () => {
    const topic = `user:${user.id}`;
    const before = await lastEventId(server.ctx.db, topic);
    // Each writer holds the topic's lock a moment, so the others queue on it (on PostgreSQL).
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        transact(server.ctx.db, async (tx) => {
          const [event] = await writeEvents(tx, [readEvent(topic, i), readEvent(`user:${stranger.id}`, i)]);
          await tx.execute(sql`select pg_sleep(0.01)`);
          return event!;
        }),
      ),
    );
    const chain = written.filter((e) => e.topic === topic).sort((a, b) => a.id - b.id);
    expect(chain).toHaveLength(12);
    expect(chain.map((e) => e.prev)).toEqual([before, ...chain.slice(0, -1).map((e) => e.id)]);
    const stored = await queryRows<{ id: string }>(server.ctx.db, sql`select id from events where topic = ${topic} and id > ${before} order by id`);
    expect(stored.map((r) => Number(r.id))).toEqual(chain.map((e) => e.id));
  });

  it("writes a transaction's events with its last statement, and none of a transaction that fails", async () => {
    const topic = `user:${stranger.id}`;
    const before = await lastEventId(server.ctx.db, topic);
    const stored = () =>
      queryRows<{ type: string }>(server.ctx.db, sql`select type from events where topic = ${topic} and id > ${before} order by id`);

    await expect(
      transact(server.ctx.db, async (tx) => {
        await appendEvents(tx, [readEvent(topic, 0)]);
        throw new Error("the change fails after its events");
      }),
    ).rejects.toThrow("the change fails after its events");
    expect(await stored()).toEqual([]);

    const seenInside = await transact(server.ctx.db, async (tx) => {
      await appendEvents(tx, [readEvent(topic, 1)]);
      const state = {
        order_id: randomUUID(),
        status: "matched",
        current_step: 2,
        is_active: true,
        action: "create",
        updated_at: new Date().toISOString(),
      };
      await appendEvents(tx, [{ topic, type: REALTIME_EVENTS.orderChanged, payload: state }]);
      return queryRows<{ id: string }>(tx, sql`select id from events where topic = ${topic} and id > ${before}`);
    });
    expect(seenInside).toEqual([]);
    expect((await stored()).map((r) => r.type)).toEqual(["notifications.read", "order.changed"]);
  });

  it("delivers an event whose publish was lost, from the table (the sweep)", async () => {
    const socket = await connect(user);
    const topic = `user:${user.id}`;
    await socket.subscribe(topic);
    // A transaction outside `transact` commits an event nobody publishes, like a crash after commit.
    // eslint-disable-next-line no-restricted-syntax -- on purpose outside transact: an event committed that nobody publishes
    await server.ctx.db.transaction((tx) =>
      appendEvent(tx, topic, "notifications.read", { ids: [], unread_counts: { notifications: 0, messages: 0 } }),
    );
    const frame = await socket.waitFor((f) => f.event === "notifications.read");
    expect(frame.id).toBe(await lastEventId(server.ctx.db, topic));
  });

  // Only a server with more than one connection lets one transaction commit after a later one.
  it.skipIf(!process.env.DATABASE_URL)(
    "delivers an event committed after newer ones were swept, whose publish was lost (the sweep's turn through every topic)",
    async () => {
      const socket = await connect(user);
      const topic = `user:${user.id}`;
      await socket.subscribe(topic);
      let commit!: () => void;
      const heldOpen = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const appended = new Promise<void>((resolve) => (written = resolve));
      // eslint-disable-next-line no-restricted-syntax -- on purpose outside transact: an event committed late that nobody publishes
      const late = server.ctx.db.transaction(async (tx) => {
        await appendEvent(tx, topic, "notifications.read", { ids: [], unread_counts: { notifications: 0, messages: 0 } });
        written();
        await heldOpen;
      });
      await appended;
      // Newer events on another topic commit, and several sweeps read past the held one's id.
      for (let i = 0; i < 4; i++) {
        await transact(server.ctx.db, (tx) => appendEvent(tx, "admin", REALTIME_EVENTS.adminQueueChanged, { queue: "deposits" }));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      commit();
      await late;
      const frame = await socket.waitFor((f) => f.event === "notifications.read");
      expect(frame.id).toBe(await lastEventId(server.ctx.db, topic));
    },
  );

  it("reports connections and the bus in the health check; prunes events past retention", async () => {
    await connect(user);
    const health = await getJson(server.url, null, "/api/health");
    expect(health.body.checks.realtime).toMatchObject({ ok: true, bus: "in-process" });
    expect(health.body.checks.realtime.connections).toBeGreaterThanOrEqual(1);

    await server.ctx.db.execute(sql`insert into events (topic, type, payload, created_at) values ('admin', 'old', '{}', now() - interval '8 days')`);
    expect(await pruneEvents(server.ctx.db, 7)).toBeGreaterThanOrEqual(1);
    const [left] = await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from events where created_at < now() - interval '7 days'`,
    );
    expect(left!.n).toBe(0);
  });

  it("closes a socket whose session was signed out when it next subscribes", async () => {
    const socket = await connect(user);
    expect((await postJson(server.url, user.token, "/api/auth/sign-out", {})).status).toBe(204);
    socket.send({ type: "subscribe", topic: `user:${user.id}` });
    expect(await socket.waitForClose()).toBe(4401);
  });
});
