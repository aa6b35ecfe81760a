import { randomUUID } from "node:crypto";
import { WebSocket } from "ws";
import pg from "pg";
import { CpuMeter } from "../lib/cpu.js";
import { spawnProduct } from "../lib/product-process.js";
import { note } from "../lib/result.js";
import { httpClient, messageNumber, postingThrough, realtimeUrl } from "./api-client.js";
import { FLOOR_POOL } from "./commit-floor.js";
import type { Chat, Load, Party } from "./config.js";
import { drive, openAll, Tracker, type Measured } from "./drive.js";

// The HTTP floor: the least an HTTP API can do to store a message and relay it, in its own process
// (http-floor-server.ts), driven by the app's client over the same sockets and rate.

export async function runHttpFloor(url: string, load: Load): Promise<Measured & { sockets: number }> {
  const party = (): Party => {
    const userId = randomUUID();
    return { userId, token: `${randomUUID()}.${userId}` };
  };
  const chats: Chat[] = Array.from({ length: load.chats }, () => ({ orderId: randomUUID(), buyer: party(), merchant: party() }));
  const parties = chats.flatMap((chat) => [chat.buyer, chat.merchant].map((who) => ({ chat, who })));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(`create table floor_sessions (id uuid primary key, user_id uuid not null);
      create table floor_messages (id bigserial primary key, order_id uuid not null, sender_id uuid not null,
        content text not null, created_at timestamptz not null default now())`);
    await pool.query("insert into floor_sessions (id, user_id) select * from unnest($1::uuid[], $2::uuid[])", [
      parties.map(({ who }) => who.token.split(".")[0]),
      parties.map(({ who }) => who.userId),
    ]);
  } finally {
    await pool.end();
  }
  const server = await spawnProduct(["--import", "tsx", "bench/src/realtime/http-floor-server.ts"], {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(FLOOR_POOL),
    NODE_ENV: "production",
  });
  const tracker = new Tracker();
  const sockets: WebSocket[] = [];
  try {
    await server.ready;
    const socketUrl = realtimeUrl(server.url);
    await openAll(
      parties,
      50,
      ({ chat, who }) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${socketUrl}?order=${chat.orderId}`, { perMessageDeflate: false });
          sockets.push(ws);
          ws.on("message", (raw) => {
            const { sender_id, content } = (JSON.parse((raw as Buffer).toString()) as { payload: { sender_id: string; content: string } }).payload;
            const k = sender_id === who.userId ? null : messageNumber(content);
            if (k !== null) tracker.received(k, who.userId);
          });
          ws.once("open", () => resolve());
          ws.once("error", reject);
        }),
    );
    note(`http floor: ${sockets.length} sockets; ${load.ratePerS} msg/s for ${load.warmupMs / 1000} s warm-up + ${load.durationMs / 1000} s…`);
    const http = httpClient(server.url);
    const figures = await drive(load, chats, tracker, postingThrough(http), new CpuMeter(server.child.pid ?? null));
    http.close();
    note(`http floor: p50 ${figures.latency_ms.p50} ms, p99 ${figures.latency_ms.p99} ms, delivered ${figures.delivered}/${figures.sent}`);
    return { sockets: sockets.length, ...figures };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- http floor server output ---\n${server.output().slice(-4000)}`, { cause: err });
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}
