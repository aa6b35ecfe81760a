import { WebSocket, WebSocketServer } from "ws";

/*
 * The realtime benchmark's baseline, run in its own process like the server: a minimal `ws`
 * relay. A socket connects to `/?pair=N&side=0|1`; every text frame it sends is forwarded as-is
 * to the other socket of its pair. No auth, no parsing, no storage: what a WebSocket hop costs.
 */

const port = Number(process.env.PORT);
const pairs = new Map<string, [WebSocket | null, WebSocket | null]>();
const wss = new WebSocketServer({ port, host: "127.0.0.1", perMessageDeflate: false });

wss.on("connection", (ws, req) => {
  const url = new URL(req.url ?? "/", "http://relay");
  const pair = url.searchParams.get("pair") ?? "";
  const side = url.searchParams.get("side") === "1" ? 1 : 0;
  const slot = pairs.get(pair) ?? [null, null];
  slot[side] = ws;
  pairs.set(pair, slot);
  ws.on("message", (data, isBinary) => {
    const other = slot[1 - side];
    if (other && other.readyState === WebSocket.OPEN) other.send(data, { binary: isBinary });
  });
  ws.on("close", () => {
    if (slot[side] === ws) slot[side] = null;
  });
});

wss.on("listening", () => process.stdout.write(`relay listening on ${port}\n`));
process.on("SIGTERM", () => wss.close(() => process.exit(0)));
