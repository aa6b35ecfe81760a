import type { Page, WebSocket } from "playwright-core";

/**
 * Settles once `page`'s socket has been told it follows `topic` (the server's `subscribed` frame):
 * from then on the topic's every event reaches the screen. Ask before the page opens the screen, so
 * a spec can let the other side act only once this one is live: otherwise LIVE_MS would also have
 * to cover the socket's connecting on a busy machine. Its listeners go once it has settled.
 */
export function subscribedTo(page: Page, topic: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const sockets: WebSocket[] = [];
    const settle = (done: () => void) => {
      clearTimeout(timer);
      page.off("websocket", watch);
      for (const socket of sockets) socket.off("framereceived", onFrame);
      done();
    };
    const onFrame = ({ payload }: { payload: string | Buffer }) => {
      const frame = typeof payload === "string" ? (JSON.parse(payload) as { type?: string; topic?: string }) : null;
      if (frame?.type === "subscribed" && frame.topic === topic) settle(resolve);
    };
    const watch = (socket: WebSocket) => {
      sockets.push(socket);
      socket.on("framereceived", onFrame);
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`the page's socket was not subscribed to ${topic} within ${timeoutMs} ms`))),
      timeoutMs,
    );
    page.on("websocket", watch);
  });
}
