import { spawn } from "node:child_process";
import { WebSocket } from "ws";
import { CpuMeter } from "../lib/cpu.js";
import { freePort, repoRoot } from "../lib/product-process.js";
import { note } from "../lib/result.js";
import { messageText } from "./api-client.js";
import type { Chat, Load } from "./config.js";
import { drive, openAll, Tracker, type Measured } from "./drive.js";

// The baseline: the plain ws relay (relay.ts) in its own process.

export async function runRelay(load: Load): Promise<Measured & { sockets: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/src/realtime/relay.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the relay exited with ${code}`)));
  });
  const chats: Chat[] = Array.from({ length: load.chats }, (_, i) => ({
    orderId: String(i),
    buyer: { userId: `${i}:0`, token: "" },
    merchant: { userId: `${i}:1`, token: "" },
  }));
  const tracker = new Tracker();
  const byUser = new Map<string, WebSocket>();
  try {
    await openAll(
      chats.flatMap((c) => [c.buyer, c.merchant]),
      50,
      (party) =>
        new Promise<void>((resolve, reject) => {
          const [pair, side] = party.userId.split(":");
          const ws = new WebSocket(`ws://127.0.0.1:${port}/?pair=${pair}&side=${side}`, { perMessageDeflate: false });
          byUser.set(party.userId, ws);
          ws.on("message", (raw) => {
            const frame = JSON.parse((raw as Buffer).toString()) as { k: number };
            tracker.received(frame.k, party.userId);
          });
          ws.once("open", () => resolve());
          ws.once("error", reject);
        }),
    );
    note(`relay: ${byUser.size} sockets; ${load.ratePerS} msg/s for ${load.warmupMs / 1000} s warm-up + ${load.durationMs / 1000} s…`);
    const figures = await drive(
      load,
      chats,
      tracker,
      async (k, _chat, from) => {
        byUser.get(from.userId)!.send(JSON.stringify({ k, content: messageText(k) }));
        return null;
      },
      new CpuMeter(child.pid ?? null),
    );
    delete figures.send_ms; // a socket send has no answer to time
    note(`relay: p50 ${figures.latency_ms.p50} ms, p99 ${figures.latency_ms.p99} ms, delivered ${figures.delivered}/${figures.sent}`);
    return { sockets: byUser.size, ...figures };
  } finally {
    for (const ws of byUser.values()) ws.terminate();
    child.kill("SIGTERM");
  }
}
