import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { CLIENTS, IDEMPOTENCY } from "./config.js";

// ---------------------------------------------------------------------------------------------
// A lean HTTP client: keep-alive sockets, no fetch machinery, so the load generator takes as
// little of the shared cores as it can.

export type HttpAnswer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON

export function httpClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const host = hostname === "localhost" ? "127.0.0.1" : hostname;
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
  return {
    post(path: string, token: string | null, body?: unknown): Promise<HttpAnswer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      if (IDEMPOTENCY && token) headers["idempotency-key"] = randomUUID();
      return new Promise((resolve, reject) => {
        const req = request({ host, port, path, method: "POST", agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
