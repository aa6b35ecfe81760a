import type { Page } from "playwright-core";

/**
 * Settles once `page`'s socket has been told it follows `topic` (the server's `subscribed` frame):
 * from then on the topic's every event reaches the screen. Ask before the page opens the screen, so
 * a spec can let the other side act only once this one is live: otherwise LIVE_MS would also have
 * to cover the socket's connecting on a busy machine.
 */
export function subscribedTo(page: Page, topic: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page's socket was not subscribed to ${topic} within ${timeoutMs} ms`)), timeoutMs);
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        const frame = typeof payload === "string" ? (JSON.parse(payload) as { type?: string; topic?: string }) : null;
        if (frame?.type === "subscribed" && frame.topic === topic) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
}
