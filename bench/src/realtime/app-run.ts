import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { orderTopic } from "@p2p/shared";
import { queryRows, type Database } from "../../../apps/server/src/db/client.js";
import { CpuMeter } from "../lib/cpu.js";
import { spawnProduct, type ProductProcess } from "../lib/product-process.js";
import { note } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { serverMemory } from "../load/server-memory.js";
import { httpClient, messageNumber, postingThrough, realtimeUrl } from "./api-client.js";
import { chatsOf, insertCast, mintSessions } from "./cast.js";
import type { Chat, Load, Party } from "./config.js";
import { drive, openAll, Tracker, type Measured } from "./drive.js";

// The app: POST /api/orders/:id/messages, delivery on /realtime.

function connectApp(baseUrl: string, party: Party, topic: string, tracker: Tracker, sockets: WebSocket[]): Promise<void> {
  const ws = new WebSocket(realtimeUrl(baseUrl), {
    headers: { authorization: `Bearer ${party.token}` },
    perMessageDeflate: false,
  });
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    let subscribed = false;
    ws.on("message", (raw) => {
      const frame = JSON.parse((raw as Buffer).toString()) as {
        type: string;
        event?: string;
        payload?: { sender_id?: string; content?: string };
        message?: string;
      };
      if (frame.type === "event") {
        if (frame.event === "chat.message" && frame.payload?.sender_id !== party.userId) {
          const k = messageNumber(frame.payload?.content ?? "");
          if (k !== null) tracker.received(k, party.userId);
        }
        return;
      }
      if (frame.type === "hello") ws.send(JSON.stringify({ type: "subscribe", topic }));
      else if (frame.type === "subscribed" && !subscribed) {
        subscribed = true;
        resolve();
      } else if (frame.type === "error") reject(new Error(`subscribe ${topic}: ${frame.message}`));
    });
    ws.once("error", reject);
    ws.once("close", (code) => !subscribed && reject(new Error(`socket closed with ${code} before subscribing`)));
  });
}

/** A signed-in socket that only follows its own user topic, as an open app on a phone does. */
function connectIdle(baseUrl: string, party: Party, sockets: WebSocket[]): Promise<void> {
  const ws = new WebSocket(realtimeUrl(baseUrl), {
    headers: { authorization: `Bearer ${party.token}` },
    perMessageDeflate: false,
  });
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    ws.on("message", (raw) => {
      const frame = JSON.parse((raw as Buffer).toString()) as { type: string; message?: string };
      if (frame.type === "hello") ws.send(JSON.stringify({ type: "subscribe", topic: `user:${party.userId}` }));
      else if (frame.type === "subscribed") resolve();
      else if (frame.type === "error") reject(new Error(`idle subscribe: ${frame.message}`));
    });
    ws.once("error", reject);
    ws.once("close", (code) => reject(new Error(`idle socket closed with ${code}`)));
  });
}

/** Message numbers of a later run on the same sockets start past the runs before it. */
const SECOND_RUN_FROM = 10_000_000;
/** A pause after the idle sockets close, for the server to let them go before the next run. */
const SETTLE_MS = 3_000;

/** Closes the sockets and waits until each has closed. */
async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once("close", () => resolve());
          ws.close();
        }),
    ),
  );
}

export type IdleRun = {
  sockets: number;
  connect_s: number;
  server_rss_mb_before: number;
  server_rss_mb_with_idle: number;
  with_idle: Measured;
  /** The same load once the idle sockets have closed: with the first run, the p99 they are held to. */
  after_idle: Measured;
  /**
   * The lower p99 of the run before the idle sockets opened and the run after they closed. Not
   * their mean: the run after them collects their garbage (V8's first full collection after they
   * close lands in it), which would loosen the bound by the idle sockets' own cost.
   */
  p99_without_idle_ms: number;
};

export type AppRun = Measured & {
  store: "postgres" | "pglite";
  sockets: number;
  connect_s: number;
  messages_in_store: number;
  load_after_1m: number;
  idle?: IdleRun;
};

export async function runApp(
  store: "postgres" | "pglite",
  env: Record<string, string>,
  load: Load,
  reopen: () => Promise<Database>,
  withIdle = false,
): Promise<AppRun> {
  const secret = randomBytes(32).toString("hex");
  let database = await reopen();
  let chats: Chat[];
  let idleParties: Party[] = [];
  try {
    const setupStarted = performance.now();
    const cast = await insertCast(database.db, load.chats);
    const tokens = await mintSessions(database.db, [...cast.buyers, ...cast.merchants], secret);
    chats = chatsOf(cast, tokens);
    if (withIdle) {
      const idleCast = await insertCast(database.db, Math.ceil(load.idleSockets / 2), load.chats * 2);
      const idleUsers = [...idleCast.buyers, ...idleCast.merchants].slice(0, load.idleSockets);
      const idleTokens = await mintSessions(database.db, idleUsers, secret);
      idleParties = idleUsers.map((userId) => ({ userId, token: idleTokens.get(userId)! }));
    }
    note(`${store}: ${load.chats * 2} users, ${load.chats} orders and sessions written in ${round((performance.now() - setupStarted) / 1000, 2)} s`);
  } finally {
    await database.close();
  }

  const nodeArgs = process.env.BENCH_REALTIME_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const product: ProductProcess = await spawnProduct([...nodeArgs, "--enable-source-maps", "apps/server/dist/main.js"], (url) => ({
    NODE_ENV: "production",
    PUBLIC_URL: url,
    SESSION_SECRET: secret,
    LOG_LEVEL: "warn",
    ...env,
  }));
  const sockets: WebSocket[] = [];
  const idleSockets: WebSocket[] = [];
  const tracker = new Tracker();
  let figures: Measured;
  let connectSeconds: number;
  let idle: IdleRun | undefined;
  try {
    await product.ready;
    const connectStarted = performance.now();
    const parties = chats.flatMap((chat) => [
      { party: chat.buyer, topic: orderTopic(chat.orderId) },
      { party: chat.merchant, topic: orderTopic(chat.orderId) },
    ]);
    await openAll(parties, 50, ({ party, topic }) => connectApp(product.url, party, topic, tracker, sockets));
    connectSeconds = round((performance.now() - connectStarted) / 1000, 2);
    note(
      `${store}: ${sockets.length} sockets subscribed in ${connectSeconds} s; ${load.ratePerS} msg/s for ${load.warmupMs / 1000} s warm-up + ${load.durationMs / 1000} s…`,
    );
    const http = httpClient(product.url);
    const send = postingThrough(http);
    figures = await drive(load, chats, tracker, send, new CpuMeter(product.child.pid ?? null));
    if (withIdle) {
      const before = serverMemory(product.child.pid!).rss_mb;
      const idleStarted = performance.now();
      await openAll(idleParties, 50, (party) => connectIdle(product.url, party, idleSockets));
      const idleConnect = round((performance.now() - idleStarted) / 1000, 2);
      const withIdleRss = serverMemory(product.child.pid!).rss_mb;
      note(`${store}: ${idleParties.length} idle sockets open in ${idleConnect} s, server RSS ${before} → ${withIdleRss} MiB; the same load again…`);
      tracker.reset();
      const withIdle = await drive(load, chats, tracker, send, new CpuMeter(product.child.pid ?? null), SECOND_RUN_FROM);
      // A run on the same server can be slower than the one before it, with or without idle
      // sockets: the heap grows until V8's first full collection, which lands in whichever run
      // reaches it (docs/PERFORMANCE.md). So the run after they close is measured too.
      await closeAll(idleSockets);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      note(`${store}: idle sockets closed; the same load once more…`);
      tracker.reset();
      const afterIdle = await drive(load, chats, tracker, send, new CpuMeter(product.child.pid ?? null), 2 * SECOND_RUN_FROM);
      idle = {
        sockets: idleParties.length,
        connect_s: idleConnect,
        server_rss_mb_before: before,
        server_rss_mb_with_idle: withIdleRss,
        with_idle: withIdle,
        after_idle: afterIdle,
        p99_without_idle_ms: Math.min(figures.latency_ms.p99, afterIdle.latency_ms.p99),
      };
    }
    http.close();
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`, { cause: err });
  } finally {
    for (const ws of [...sockets, ...idleSockets]) ws.terminate();
    await product.stop();
  }
  const unexpected = product.output().trim();
  if (unexpected) note(`${store} server said:\n${unexpected.slice(-2000)}`);
  const loadAfter = loadavg()[0]!;
  database = await reopen();
  let stored: number;
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from chat_messages where kind = 'text'`);
    stored = Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
  note(
    `${store}: p50 ${figures.latency_ms.p50} ms, p99 ${figures.latency_ms.p99} ms, delivered ${figures.delivered}/${figures.sent}, ${figures.send_errors} send errors`,
  );
  return {
    store,
    sockets: load.chats * 2,
    connect_s: connectSeconds,
    ...figures,
    messages_in_store: stored,
    load_after_1m: round(loadAfter, 2),
    ...(idle ? { idle } : {}),
  };
}
