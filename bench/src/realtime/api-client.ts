import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { KEYED, type Chat, type Party } from "./config.js";

// How the bench speaks to a server's API (the app's, or the HTTP floor's): chat messages over HTTP, delivery on /realtime.

export function httpClient(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  return {
    post(path: string, token: string, body: unknown, extra: Record<string, string> = {}): Promise<{ status: number; text: string }> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path,
            method: "POST",
            agent,
            headers: { ...extra, authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (text += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

const MARK = "rt#";

/** Keys are this run's tag and a count of posts, so no two posts share one. */
const RUN = randomBytes(4).toString("hex");
let posts = 0;

/** The text of measured message k: its number after MARK, for the receiving socket to tell which it is. */
export const messageText = (k: number) => `${MARK}${k} hello, payment sent`;

/** The number of a measured message, read back from its text; null for any other text. */
export const messageNumber = (content: string) => (content.startsWith(MARK) ? Number(content.slice(MARK.length, content.indexOf(" "))) : null);

/** The /realtime address of a server listening at `baseUrl`. */
export const realtimeUrl = (baseUrl: string) => `${baseUrl.replace(/^http:\/\/localhost/, "ws://127.0.0.1")}/realtime`;

/** Sends measured message k as `from`'s chat message through the server's API: the app's, or the HTTP floor's. */
export function postingThrough(http: ReturnType<typeof httpClient>) {
  return async (k: number, chat: Chat, from: Party): Promise<string | null> => {
    const res = await http.post(
      `/api/orders/${chat.orderId}/messages`,
      from.token,
      { content: messageText(k) },
      KEYED ? { "idempotency-key": `rt-${RUN}-${++posts}` } : {},
    );
    return res.status === 201 ? null : `${res.status} ${res.text.slice(0, 200)}`;
  };
}
