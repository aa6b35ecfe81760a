import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import type { Address } from "viem";
import { freshDatabase } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { balance, expectLedgerSound, getJson } from "../../test/trading-fixtures.js";
import { startLocalChain, type LocalChain } from "../../test/chain/local-chain.js";
import { startRpcSwitch, type RpcSwitch } from "../../test/chain/rpc-switch.js";
import { auditActions, depositAddressOf, depositsOf, pointNetwork, untilDeposit } from "../../test/chain/watcher-fixtures.js";
import { until } from "../../test/until.js";
import { loadConfig } from "../config.js";
import { startServer, type RunningServer } from "../server.js";

const METRICS_TOKEN = "chain-metrics-token-0123456789";
let chain: LocalChain;
let rpc: RpcSwitch;
let usdt: Address;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const running = new Set<RunningServer>();

/**
 * A server process of its own on the file's one database (a restart, or a second node), with its
 * log lines kept. Leases last 2 s unless `leaseSeconds` says otherwise.
 */
async function start(leaseSeconds = 2): Promise<RunningServer & { lines: string[] }> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String((JSON.parse(chunk.toString()) as { msg: string }).msg));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    WEB_DIST: "/nonexistent/web-dist",
    CHAIN_RPC_URLS: `56=${rpc.url}`,
    CHAIN_POLL_MS: "100",
    CHAIN_LEASE_SECONDS: String(leaseSeconds),
    METRICS_TOKEN,
  });
  const server = await startServer(config, {
    database,
    logger: pino({ level: "info" }, sink),
    mailTransport: async () => undefined,
    startJobs: false,
  });
  server.ctx.config.publicUrl = server.url;
  running.add(server);
  return Object.assign(server, { lines });
}

async function stop(server: RunningServer): Promise<void> {
  running.delete(server);
  await server.close();
}

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
  rpc = await startRpcSwitch(chain.url);
  usdt = await chain.deployToken({ decimals: 18 });
  database = await freshDatabase();
});
afterAll(async () => {
  for (const server of running) await server.close();
  await database?.drop();
  await rpc?.close();
  await chain?.stop();
});

describe("the chain watcher across restarts, failures and processes", () => {
  it("credits once when the server restarts between finding a deposit and its last confirmation", async () => {
    const first = await start();
    await pointNetwork(database.db, "USDT", "BEP20", { tokenContract: usdt, confirmations: 3 });
    const user = await createSignedInUser(database.db, first.ctx.config.sessionSecret);
    const address = await depositAddressOf(first, user, "USDT", "BEP20");
    const hash = await chain.sendToken(usdt, address, "20");
    const found = await untilDeposit(first, user, "confirming", (d) => d.tx_hash === hash && d.status === "confirming");
    await stop(first);

    await chain.mine(3);
    const second = await start();
    await untilDeposit(second, user, "credited after the restart", (d) => d.id === found.id && d.status === "confirmed");
    await chain.mine(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await depositsOf(second, user)).toHaveLength(1);
    expect(await balance(database.db, user.id, "USDT")).toBe("20.00000000");
    expect(await auditActions(database.db, found.id)).toEqual(["deposit.credited"]);
    await expectLedgerSound(database.db);
    await stop(second);
  });

  it("backs off while the RPC node is down, shows the error on /api/health and in metrics, then catches up", async () => {
    const server = await start();
    const user = await createSignedInUser(database.db, server.ctx.config.sessionSecret);
    const address = await depositAddressOf(server, user, "USDT", "BEP20");
    const hash = await chain.sendToken(usdt, address, "9");
    const found = await untilDeposit(server, user, "confirming", (d) => d.tx_hash === hash);
    const bep20 = async () => {
      const res = await getJson(server.url, null, "/api/health");
      return (res.body.checks.chain.networks as { coin: string; network: string; [k: string]: unknown }[]).find(
        (n) => n.coin === "USDT" && n.network === "BEP20",
      )!;
    };
    expect(await bep20()).toMatchObject({ ok: true, chain_id: 56, lag_blocks: 0, last_error: null });

    rpc.down = true;
    const failing = await until("the error on /api/health", async () => {
      const n = await bep20();
      return n.last_error ? n : null;
    });
    expect(failing).toMatchObject({ ok: false, error_at: expect.any(String) });
    // Both networks on chain 56 have failed once (on a loaded machine the second may lag the first).
    await until("both networks' failure logged", async () => server.lines.filter((l) => l.startsWith("chain: watching failed")).length === 2);
    const callsAtFailure = rpc.calls;
    await new Promise((r) => setTimeout(r, 2000));
    // Two networks on chain 56 (USDT and BNB), polled every 100 ms: 40 calls in 2 s without a backoff.
    expect(rpc.calls - callsAtFailure).toBeLessThan(16);
    expect(server.lines.filter((l) => l.startsWith("chain: watching failed"))).toHaveLength(2);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
    expect(metrics).toMatch(/chain_watcher_errors_total\{network="USDT\/BEP20"\} [1-9]/);
    expect(metrics).toMatch(/chain_watcher_lag_blocks\{network="USDT\/BEP20"\} 0/);

    await chain.mine(3);
    rpc.down = false;
    await untilDeposit(server, user, "credited after the node came back", (d) => d.id === found.id && d.status === "confirmed", 15_000);
    await until("a healthy watcher", async () => (await bep20()).ok === true);
    expect(await bep20()).toMatchObject({ last_error: null, lag_blocks: 0 });
    // One line per network when it recovers (the second may still be waiting out its backoff), not one per poll.
    const recovered = () => server.lines.filter((l) => l === "chain: watching again after failures").length;
    await until("both networks' recovery logged", async () => recovered() === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(recovered()).toBe(2);
    expect(await balance(database.db, user.id, "USDT")).toBe("9.00000000");
    await stop(server);
  }, 60_000);

  it("watches each network from one process at a time; another takes over when it stops", async () => {
    // Leases of 6 s, renewed every 2 s: two servers on one embedded store, on a loaded machine,
    // may stall a poll for longer than a 2 s lease lasts, and then the lease rightly changes hands.
    const a = await start(6);
    const b = await start(6);
    const watching = (s: { lines: string[] }) => s.lines.filter((l) => l === "chain: watching").length;
    await until("one watcher per network", async () => watching(a) + watching(b) >= 2, 25_000);
    await new Promise((r) => setTimeout(r, 1500));
    // Two networks on chain 56, each watched by one process (whichever took its lease first).
    expect(watching(a) + watching(b)).toBe(2);
    const user = await createSignedInUser(database.db, a.ctx.config.sessionSecret);
    const address = await depositAddressOf(a, user, "USDT", "BEP20");
    await chain.sendToken(usdt, address, "4");
    await chain.mine(2);
    await untilDeposit(a, user, "credited", (d) => d.status === "confirmed");
    expect(await balance(database.db, user.id, "USDT")).toBe("4.00000000");

    const [holder, other] = watching(a) > 0 ? [a, b] : [b, a];
    const before = watching(other!);
    await stop(holder!);
    await until("the other process to take over", async () => watching(other!) > before, 15_000);
    await expectLedgerSound(database.db);
    await stop(other!);
  }, 60_000);
});
