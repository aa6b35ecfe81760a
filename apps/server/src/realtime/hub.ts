import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../context.js";

/**
 * The /realtime WebSocket. A socket is accepted only for a signed-in session; topics and
 * replay arrive with the realtime capability.
 */
export class RealtimeHub {
  private sockets = new Set<WebSocket>();
  readonly busName = "in-process";

  get connectionCount(): number {
    return this.sockets.size;
  }

  async register(app: FastifyInstance, ctx: AppContext): Promise<void> {
    app.get("/realtime", { websocket: true }, async (socket, req) => {
      const user = await ctx.auth.current(req).catch(() => null);
      if (!user) {
        socket.close(4401, "unauthenticated");
        return;
      }
      this.sockets.add(socket);
      socket.send(JSON.stringify({ type: "hello", user_id: user.id }));
      socket.on("message", (raw) => {
        if (raw.toString() === "ping") socket.send("pong");
      });
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.close(1001, "server shutting down");
  }
}
