import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { openPostgres, type Database } from "../../src/db/client.js";
import { events, orders } from "../../src/db/schema.js";
import { createSignedInUser, type TestUser } from "../fixtures.js";
import { TestSocket, type Frame } from "../socket.js";
import { createPostgresDatabase } from "./crash-store.js";
import { KillableServer } from "./killable-server.js";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = randomBytes(32).toString("hex");
const ORDERS = 4;

/** One person's view of one order's chat, through one process: every socket it had, in order. */
type Watcher = { who: TestUser; topic: string; on: "a" | "b"; sockets: TestSocket[]; from: number };

/*
 * Two server processes on one PostgreSQL database and one Redis, each with socket clients on the
 * same order chats. Process A is killed with SIGKILL while messages keep flowing through B: B's
 * clients miss nothing; A's clients reconnect to A, started again, with their last event id and
 * receive each event they missed exactly once, while messages keep coming.
 */
describe.skipIf(!DATABASE_URL)("two processes, one killed", () => {
  let database: Database;
  let drop: () => Promise<void>;
  const servers: Partial<Record<"a" | "b", KillableServer>> = {};

  beforeAll(async () => {
    const created = await createPostgresDatabase(DATABASE_URL!, "p2p_twokill");
    drop = created.drop;
    database = await openPostgres(created.url, 4);
    const env = {
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      DATABASE_URL: created.url,
      REDIS_URL,
      RATE_LIMITS: "off",
      RATE_LIMIT_CHAT_PER_MINUTE: "100000",
    };
    [servers.a, servers.b] = await Promise.all([KillableServer.start(env), KillableServer.start(env)]);
  }, 120_000);

  afterAll(async () => {
    servers.a?.dispose();
    servers.b?.dispose();
    await database?.close();
    await drop?.();
  });

  it("keeps the survivor's clients whole and replays each missed event exactly once to the killed one's", { timeout: 120_000 }, async () => {
    const { a, b } = servers as Record<"a" | "b", KillableServer>;
    const db = database.db;
    const watchers: Watcher[] = [];
    const chats: { id: string; parties: TestUser[] }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const user = await createSignedInUser(db, SECRET);
      const merchant = await createSignedInUser(db, SECRET, { role: "merchant" });
      const id = await insertOrder(database, user, merchant);
      chats.push({ id, parties: [user, merchant] });
      // Each chat has one reader on each process, the roles swapped every other order.
      const [onA, onB] = i % 2 === 0 ? [user, merchant] : [merchant, user];
      watchers.push(await watch(a, "a", onA, id), await watch(b, "b", onB, id));
    }

    const acknowledged: { id: string; orderId: string }[] = [];
    let aDown = false;
    let sending = true;
    let sent = 0;
    const sender = (async () => {
      while (sending) {
        const chat = chats[sent % ORDERS]!;
        const through = !aDown && sent % 2 === 0 ? a : b;
        const who = chat.parties[sent % 3 === 0 ? 1 : 0]!;
        sent++;
        const answer = await say(through.url, who, chat.id, `message ${sent}`);
        if (answer) acknowledged.push({ id: answer, orderId: chat.id });
        else if (through === b) throw new Error("the surviving process did not answer");
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    let failure: unknown = null;
    sender.catch((err) => (failure = err));

    const atLeast = async (n: number) => {
      while (acknowledged.length < n) {
        if (failure) throw failure instanceof Error ? failure : new Error("the sender failed", { cause: failure });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await atLeast(20);
    aDown = true;
    const restart = a.killAndRestart();
    for (const w of watchers.filter((w) => w.on === "a")) await w.sockets[0]!.waitForClose(10_000);
    const whileDown = acknowledged.length;
    await restart;
    const duringRestart = acknowledged.length - whileDown;
    expect(duringRestart, "messages went on through B while A was down").toBeGreaterThan(10);

    // Back on A with the last event id each had seen, while messages keep flowing through both.
    for (const w of watchers.filter((w) => w.on === "a")) {
      const lastSeen = w.sockets[0]!.events(w.topic).at(-1)?.id ?? w.from;
      const socket = await connect(a, w.who);
      expect(await socket.subscribe(w.topic, lastSeen)).toMatchObject({ type: "subscribed" });
      w.sockets.push(socket);
    }
    aDown = false;
    const target = acknowledged.length + 20;
    await atLeast(target);
    sending = false;
    await sender;

    for (const w of watchers) {
      const stored = async () =>
        (await db.select({ id: events.id }).from(events).where(eq(events.topic, w.topic)).orderBy(asc(events.id)))
          .map((e) => e.id)
          .filter((id) => id > w.from);
      const want = await stored();
      const received = () => w.sockets.flatMap((s) => s.events(w.topic)).map((f: Frame) => f.id as number);
      const last = w.sockets.at(-1)!;
      await last.waitUntil(() => received().length >= want.length && received().at(-1)! >= want.at(-1)!, 15_000).catch(() => undefined);
      const label = `${w.who.username} on ${w.on}, ${w.topic}`;
      expect(received(), label).toEqual(want);
      const messages = w.sockets.flatMap((s) => s.events(w.topic, "chat.message")).map((f) => f.payload.id as string);
      for (const m of acknowledged.filter((m) => `order:${m.orderId}` === w.topic)) {
        expect(
          messages.filter((id) => id === m.id),
          `${label}: message ${m.id}`,
        ).toHaveLength(1);
      }
    }
    expect(a.faults).toEqual([]);
    expect(b.faults).toEqual([]);
    expect(b.output()).not.toMatch(/"level":(50|60)/);
    for (const w of watchers) for (const s of w.sockets) s.close();
    console.log(
      `two-process kill: ${acknowledged.length} messages acknowledged of ${sent} sent, ${duringRestart} through B while A restarted in ${(a.kills[0]!.restartMs / 1000).toFixed(1)} s`,
    );
  });
});

async function connect(server: KillableServer, who: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.connect(server.url, who.token);
  await socket.waitFor((f) => f.type === "hello");
  return socket;
}

async function watch(server: KillableServer, on: "a" | "b", who: TestUser, orderId: string): Promise<Watcher> {
  const socket = await connect(server, who);
  const topic = `order:${orderId}`;
  const subscribed = await socket.subscribe(topic);
  expect(subscribed).toMatchObject({ type: "subscribed" });
  return { who, topic, on, sockets: [socket], from: subscribed.last_event_id as number };
}

/** A chat message through one process: its id once acknowledged, null when the process was gone. */
async function say(url: string, who: TestUser, orderId: string, content: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/api/orders/${orderId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`message refused: ${res.status} ${JSON.stringify(body)}`);
    return body.message.id;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("message refused")) throw err;
    return null;
  }
}

async function insertOrder(database: Database, user: TestUser, merchant: TestUser): Promise<string> {
  const [order] = await database.db
    .insert(orders)
    .values({
      creatorId: user.id,
      merchantId: merchant.id,
      buyerId: user.id,
      sellerId: merchant.id,
      side: "buy",
      coin: "PI",
      price: "1000.00",
      nairaAmount: "10000.00",
      coinAmount: "10.00000000",
      status: "pending",
      acceptBy: new Date(Date.now() + 600_000),
    } as typeof orders.$inferInsert)
    .returning({ id: orders.id });
  return order!.id;
}
