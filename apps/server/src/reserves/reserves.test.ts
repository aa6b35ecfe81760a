import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservesResponse, type ReserveCoin } from "@p2p/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Address } from "viem";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, fund, getJson, postJson } from "../../test/trading-fixtures.js";
import { until } from "../../test/until.js";
import { startLocalChain, type LocalChain } from "../../test/chain/local-chain.js";
import { networks, networkScans } from "../db/schema.js";
import { readOnchainBalances } from "./read-onchain-balances.js";

/*
 * The Reserves section against a real EVM node: the USDT BEP20 network's token is an ERC-20
 * deployed here, CORE (native) is read from the same node; users' deposit addresses come from the
 * API and the chain watcher credits what is sent to them (1 confirmation here); the balances read
 * on chain are compared with what the ledger owes.
 */

let chain: LocalChain;
let server: TestServer;
let admin: TestUser;
let ada: TestUser;
let bola: TestUser;
let token: Address;

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
  server = await startTestServer({ CHAIN_RPC_URLS: `56=${chain.url},1116=${chain.url}` });
  const db = server.ctx.db;
  admin = await createSignedInUser(db, server.ctx.config.sessionSecret, { role: "admin" });
  ada = await createSignedInUser(db, server.ctx.config.sessionSecret);
  bola = await createSignedInUser(db, server.ctx.config.sessionSecret);
  token = await chain.deployToken({ decimals: 18 });
  await db
    .update(networks)
    .set({ tokenContract: token, confirmations: 1 })
    .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
  await db
    .update(networks)
    .set({ confirmations: 1 })
    .where(and(eq(networks.coin, "CORE"), eq(networks.code, "Core")));
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await chain?.stop();
});

const addressOf = async (user: TestUser, coin: string, network: string) => {
  const res = await getJson(server.url, user.token, `/api/wallet/deposit-address?coin=${coin}&network=${network}`);
  expect(res.status).toBe(200);
  return res.body.deposit_address.address as Address;
};
const readNow = () => postJson(server.url, admin.token, "/api/admin/reserves/read", {});
const reserves = async (): Promise<ReserveCoin[]> => {
  const res = await getJson(server.url, admin.token, "/api/admin/reserves");
  expect(res.status).toBe(200);
  return reservesResponse.parse(res.body).coins;
};
/** Waits until the watcher has credited the user `amount` of `coin` in all. */
const credited = (user: TestUser, coin: string, amount: string) =>
  until(`${amount} ${coin} credited`, async () => (await balance(server.ctx.db, user.id, coin)) === amount, 20_000);
const coinOf = (all: ReserveCoin[], coin: string) => all.find((c) => c.coin === coin)!;
const scanOf = async (coin: string, network: string) =>
  (
    await server.ctx.db
      .select()
      .from(networkScans)
      .where(and(eq(networkScans.coin, coin), eq(networkScans.network, network)))
  )[0];

describe("reserves against a real chain", () => {
  it("sums the deposit addresses' token balances on chain beside what the ledger owes; all covered, no shortfall", async () => {
    const adaAddress = await addressOf(ada, "USDT", "BEP20");
    const bolaAddress = await addressOf(bola, "USDT", "BEP20");
    await chain.sendToken(token, adaAddress, "100.5");
    await chain.sendToken(token, bolaAddress, "20.25");
    // Not a user's address: the platform does not count it.
    await chain.sendToken(token, "0x00000000000000000000000000000000000000b0", "999");
    await credited(ada, "USDT", "100.50000000");
    await credited(bola, "USDT", "20.25000000");

    const res = await readNow();
    expect(res.status).toBe(200);
    expect(res.body.reads).toContainEqual({ coin: "USDT", network: "BEP20", error: null });
    // ERC20 (chain 1) has no RPC here: it is not read.
    expect(res.body.reads.some((r: { network: string }) => r.network === "ERC20")).toBe(false);

    const usdt = coinOf(await reserves(), "USDT");
    expect(usdt).toMatchObject({ available: "120.75000000", escrow: "0.00000000", withdrawing: "0.00000000", owed: "120.75000000" });
    expect(usdt).toMatchObject({ onchain: "120.75000000", shortfall: "0.00000000", partial: true });
    const bep20 = usdt.networks.find((n) => n.network === "BEP20")!;
    expect(bep20).toMatchObject({ watched: true, address_count: 2, onchain_balance: "120.75000000", stale: false });
    expect(Date.now() - Date.parse(bep20.balance_read_at!)).toBeLessThan(60_000);
    expect(usdt.networks.find((n) => n.network === "ERC20")).toMatchObject({ watched: false, onchain_balance: null, stale: false });
    expect(usdt.networks.find((n) => n.network === "TRC20")).toMatchObject({ kind: "manual", watched: false });
    // A coin on manual networks only has nothing on chain to compare: no shortfall is claimed.
    await fund(server.ctx.db, admin, ada, "PI", "10");
    expect(coinOf(await reserves(), "PI")).toMatchObject({ owed: "10.00000000", onchain: "0.00000000", shortfall: null, partial: true });
  });

  it("updates only the balance columns of the watcher's row: the watcher's cursor never moves back", async () => {
    const before = await scanOf("USDT", "BEP20");
    await chain.sendToken(token, await addressOf(ada, "USDT", "BEP20"), "1");
    await credited(ada, "USDT", "101.50000000");
    await readNow();
    const after = await scanOf("USDT", "BEP20");
    expect(after).toMatchObject({ onchainBalance: "121.75000000" });
    expect(after!.nextBlock >= before!.nextBlock).toBe(true);
    expect(after!.balanceReadAt!.getTime()).toBeGreaterThan(before!.balanceReadAt!.getTime());
  });

  it("flags the shortfall when the ledger owes more than the chain holds", async () => {
    // 30 USDT credited on the TRC20 network (manual), which nothing on chain here backs.
    await fund(server.ctx.db, admin, bola, "USDT", "30");
    const usdt = coinOf(await reserves(), "USDT");
    expect(usdt).toMatchObject({ owed: "151.75000000", onchain: "121.75000000", shortfall: "30.00000000" });
  });

  it("reads a native coin's balances (CORE) and rounds to 8 places down", async () => {
    await chain.sendNative(await addressOf(ada, "CORE", "Core"), "2.123456789");
    await credited(ada, "CORE", "2.12345678");
    await readNow();
    const core = coinOf(await reserves(), "CORE");
    expect(core).toMatchObject({ owed: "2.12345678", onchain: "2.12345678", shortfall: "0.00000000", partial: false });
    expect(core.networks[0]).toMatchObject({ network: "Core", watched: true, address_count: 1 });
  });

  it("a reading over an hour old is stale", async () => {
    await server.ctx.db
      .update(networkScans)
      .set({ balanceReadAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(networkScans.coin, "USDT"), eq(networkScans.network, "BEP20")));
    const bep20 = coinOf(await reserves(), "USDT").networks.find((n) => n.network === "BEP20")!;
    expect(bep20.stale).toBe(true);
  });

  it("the recurring read (queued at start) refreshes the readings through the job runner", async () => {
    await server.ctx.db
      .update(networkScans)
      .set({ onchainBalance: "0", balanceReadAt: sql`now() - interval '2 hours'` })
      .where(and(eq(networkScans.coin, "USDT"), eq(networkScans.network, "BEP20")));
    await server.ctx.jobs.runDue();
    const bep20 = coinOf(await reserves(), "USDT").networks.find((n) => n.network === "BEP20")!;
    expect(bep20).toMatchObject({ onchain_balance: "121.75000000", stale: false });
  });

  it("a node that fails keeps the last reading and says why", async () => {
    const before = await scanOf("USDT", "BEP20");
    const reads = await readOnchainBalances({ db: server.ctx.db, config: { chainRpcUrls: new Map([[56, "http://127.0.0.1:9"]]) } });
    expect(reads.find((r) => r.network === "BEP20")!.error).toBeTruthy();
    expect(await scanOf("USDT", "BEP20")).toEqual(before);
  });

  it("is for admins only", async () => {
    expect((await getJson(server.url, ada.token, "/api/admin/reserves")).status).toBe(403);
    expect((await postJson(server.url, ada.token, "/api/admin/reserves/read", {})).status).toBe(403);
    expect((await getJson(server.url, null, "/api/admin/reserves")).status).toBe(401);
  });
});
