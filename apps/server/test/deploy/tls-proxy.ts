import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "node:net";
import { createProxyServer } from "httpxy";

export type Tls = { key: string; cert: string };

/** A throwaway certificate for 127.0.0.1, made by the openssl command as an operator would. */
export function selfSignedCertificate(): Tls {
  const dir = mkdtempSync(join(tmpdir(), "p2p-tls-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"]
        .concat(["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        .concat(["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")]),
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What Caddy does in deploy/compose.yaml, with a proxy written by others (httpxy): terminates TLS,
 * spreads requests and WebSockets over the app processes in turn, and tells each its client's
 * address and scheme in X-Forwarded-* headers. `upstreams` records which process served each
 * request, in order, so a test can tell its requests crossed processes.
 */
export class TlsProxy {
  readonly upstreams: { path: string; target: string }[] = [];
  private next = 0;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    private readonly targets: string[],
  ) {}

  static async start(port: number, tls: Tls, targets: string[]): Promise<TlsProxy> {
    const proxy = createProxyServer({ xfwd: true, ws: true });
    const server = createServer(tls);
    const self = new TlsProxy(server, targets);
    proxy.on("error", (_err, _req, res) => {
      // A process gone mid-request: what a proxy answers, never a hang.
      if (res && "writeHead" in res && !res.headersSent) res.writeHead(502).end();
      else res?.destroy();
    });
    server.on("request", (req, res) => void proxy.web(req, res, { target: self.pick(req) }).catch(() => undefined));
    server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
      void proxy.ws(req, socket, { target: self.pick(req) }, head).catch(() => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return self;
  }

  get url(): string {
    const { port } = this.server.address() as { port: number };
    return `https://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private pick(req: IncomingMessage): string {
    const target = this.targets[this.next++ % this.targets.length]!;
    this.upstreams.push({ path: req.url ?? "", target });
    return target;
  }
}
