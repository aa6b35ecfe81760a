import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";

/*
 * A lean keep-alive HTTP client (no fetch machinery), so the load generator takes as little of the
 * shared cores as it can. A refused or dropped connection answers status 0 with the error's code.
 */

export type Answer = { status: number; body: any; error?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON

export type RequestOptions = { token?: string; body?: unknown; idempotent?: boolean };

export function loadClient(baseUrl: string, sockets: number) {
  const { hostname, port } = new URL(baseUrl);
  const host = hostname === "localhost" ? "127.0.0.1" : hostname;
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });

  function send(method: "GET" | "POST", path: string, options: RequestOptions = {}): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    if (options.idempotent) headers["idempotency-key"] = randomUUID();
    return new Promise((resolve) => {
      const req = request({ host, port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text for the error sample
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on("error", (err: NodeJS.ErrnoException) => resolve({ status: 0, body: null, error: err.code ?? err.message }));
      });
      req.on("error", (err: NodeJS.ErrnoException) => resolve({ status: 0, body: null, error: err.code ?? err.message }));
      req.end(payload);
    });
  }

  return {
    get: (path: string, options?: RequestOptions) => send("GET", path, options),
    post: (path: string, options?: RequestOptions) => send("POST", path, options),
    close: () => agent.destroy(),
  };
}

export type LoadClient = ReturnType<typeof loadClient>;
