import { createServer, type Server } from "node:http";

export type RpcSwitch = {
  url: string;
  /** While down, every JSON-RPC call is answered 503, as by a node that is out. */
  down: boolean;
  /** JSON-RPC requests received so far (answered or refused). */
  readonly calls: number;
  close(): Promise<void>;
};

/** A JSON-RPC pass-through to `target` that a test can turn off and on again. */
export async function startRpcSwitch(target: string): Promise<RpcSwitch> {
  const state = { down: false, calls: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.calls++;
      if (state.down) {
        res.writeHead(503).end("node down");
        return;
      }
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get calls() {
      return state.calls;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
