/** Which stores the app runs on: postgres always, pglite when listed (BENCH_REALTIME_STORES=postgres,pglite). */
export const STORES = new Set((process.env.BENCH_REALTIME_STORES ?? "postgres").split(",").filter(Boolean));

export const GOAL_DELIVERED = 1;
export const GOAL_P99_MS = 25;
/** The app's p99 against the floor under any stored, relayed message: a durable commit plus a relay hop. */
export const GOAL_FLOOR_FACTOR = 3;
/** Signed-in sockets that only follow their own topic, held open on the one process. */
export const GOAL_IDLE_RSS_MB = 400;
/**
 * "Unchanged": the p99 with the idle sockets open is within 20% (or 2 ms) of the p99 without them,
 * the lower of the runs just before they open and just after they close (app-run.ts).
 */
export const IDLE_P99_TOLERANCE = { factor: 1.2, ms: 2 };

/**
 * BENCH_REALTIME_KEYED=1: each message carries an Idempotency-Key, as the web app's chat sends
 * every message (features/chat/use-chat-outbox.ts). Without it, the API's path for a client that
 * sends none. The JSON says which (`idempotency_key`).
 */
export const KEYED = process.env.BENCH_REALTIME_KEYED === "1";

export type Load = { chats: number; ratePerS: number; durationMs: number; warmupMs: number; drainMs: number; idleSockets: number };
export type Party = { userId: string; token: string };
export type Chat = { orderId: string; buyer: Party; merchant: Party };
export type Cast = { buyers: string[]; merchants: string[]; orders: string[] };

export function loadOf(quick: boolean): Load {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return quick
    ? {
        chats: num("BENCH_REALTIME_CHATS", 100),
        ratePerS: num("BENCH_REALTIME_RATE", 100),
        durationMs: 5_000,
        warmupMs: 1_000,
        drainMs: 3_000,
        idleSockets: 1_000,
      }
    : {
        chats: num("BENCH_REALTIME_CHATS", 1000),
        ratePerS: num("BENCH_REALTIME_RATE", 500),
        durationMs: 20_000,
        warmupMs: 3_000,
        drainMs: 5_000,
        idleSockets: num("BENCH_REALTIME_IDLE", 10_000),
      };
}
