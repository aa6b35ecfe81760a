import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type BotApiCall = { method: string; token: string; body: Record<string, unknown> };

/**
 * A small local stand-in for the Telegram Bot API (tests only): getMe, sendMessage, getUpdates,
 * setWebhook and deleteWebhook, recording every call. `failSendMessage(n)` makes the next n
 * sendMessage calls answer 500; `blockChat(id)` makes sendMessage to that chat answer 403 as when
 * the user blocked the bot; `limitSendMessage(n, s)` answers the next n with 429 and retry_after s.
 * Like Telegram, a getUpdates that arrives while another is waiting ends the waiting one with 409
 * (counted in `conflicts`); `conflictGetUpdates(n)` answers the next n getUpdates with 409.
 */
export type FakeBotApi = {
  url: string;
  calls: BotApiCall[];
  /** sendMessage calls, failed ones included. */
  sent(): { chat_id: unknown; text: string; parse_mode?: unknown }[];
  /** sendMessage calls that succeeded. */
  delivered: { chat_id: unknown; text: string; parse_mode?: unknown }[];
  failSendMessage(n: number): void;
  limitSendMessage(n: number, retryAfterSeconds: number): void;
  conflictGetUpdates(n: number): void;
  /** 409s answered because two pollers overlapped. */
  conflicts: number;
  blockChat(chatId: number): void;
  /** An update for the next getUpdates call (long-polling mode). */
  queueUpdate(update: { update_id: number } & Record<string, unknown>): void;
  close(): Promise<void>;
};

export const FAKE_BOT = {
  id: 4242,
  is_bot: true,
  first_name: "NaijaP2P",
  username: "naijap2p_test_bot",
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
};

export async function startFakeBotApi(): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  let failures = 0;
  let limited = 0;
  let retryAfter = 1;
  let conflicting = 0;
  let conflicts = 0;
  let waiting: ((status: number, body: unknown) => void) | null = null;
  const blocked = new Set<number>();
  let messageId = 0;
  const delivered: FakeBotApi["delivered"] = [];
  const updates: ({ update_id: number } & Record<string, unknown>)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? "");
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!match) return answer(404, { ok: false, error_code: 404, description: "Not Found" });
      const [, token, method] = match as unknown as [string, string, string];
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      calls.push({ method, token, body });
      switch (method) {
        case "getMe":
          return answer(200, { ok: true, result: FAKE_BOT });
        case "sendMessage":
          if (blocked.has(Number(body.chat_id))) {
            return answer(403, { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" });
          }
          if (limited > 0) {
            limited--;
            return answer(429, {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${retryAfter}`,
              parameters: { retry_after: retryAfter },
            });
          }
          if (failures > 0) {
            failures--;
            return answer(500, { ok: false, error_code: 500, description: "Internal Server Error: fake failure" });
          }
          delivered.push(body as FakeBotApi["delivered"][number]);
          return answer(200, {
            ok: true,
            result: { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id, type: "private" }, text: body.text },
          });
        case "getUpdates": {
          const conflict = { ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request" };
          if (conflicting > 0) {
            conflicting--;
            return answer(409, conflict);
          }
          if (waiting) {
            conflicts++;
            waiting(409, conflict);
          }
          const offset = Number(body.offset ?? 0);
          let done = false;
          const reply = (status: number, result: unknown) => {
            if (done) return;
            done = true;
            if (waiting === reply) waiting = null;
            answer(status, result);
          };
          waiting = reply;
          return void setTimeout(() => reply(200, { ok: true, result: updates.filter((u) => u.update_id >= offset) }), 50);
        }
        case "setWebhook":
        case "deleteWebhook":
          return answer(200, { ok: true, result: true });
        default:
          return answer(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    delivered,
    sent: () => calls.filter((c) => c.method === "sendMessage").map((c) => c.body as { chat_id: unknown; text: string }),
    queueUpdate(update) {
      updates.push(update);
    },
    failSendMessage(n) {
      failures = n;
    },
    limitSendMessage(n, seconds) {
      limited = n;
      retryAfter = seconds;
    },
    conflictGetUpdates(n) {
      conflicting = n;
    },
    get conflicts() {
      return conflicts;
    },
    blockChat(chatId) {
      blocked.add(chatId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
