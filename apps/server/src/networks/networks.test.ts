import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, rowCount } from "../../test/trading-fixtures.js";
import { DEVELOPMENT_DEPOSIT_XPUB } from "../config.js";
import { deriveDepositAddress } from "./derive-address.js";
import { eq } from "drizzle-orm";
import { depositAddresses } from "../db/schema.js";

let server: TestServer;
let ada: TestUser;
let bola: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  ada = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  bola = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

const addressOf = async (user: TestUser, coin: string, network: string) =>
  getJson(server.url, user.token, `/api/wallet/deposit-address?coin=${coin}&network=${encodeURIComponent(network)}`);

describe("networks", () => {
  it("lists USDT on BEP20, ERC20 and TRC20, each with its kind, minimum, fee and confirmations", async () => {
    const res = await getJson(server.url, null, "/api/networks");
    expect(res.status).toBe(200);
    const usdt = res.body.networks.filter((n: { coin: string }) => n.coin === "USDT");
    expect(usdt.map((n: { code: string; kind: string }) => [n.code, n.kind])).toEqual([
      ["BEP20", "evm"],
      ["ERC20", "evm"],
      ["TRC20", "manual"],
    ]);
    expect(usdt[0]).toMatchObject({ name: "BNB Smart Chain (BEP20)", chain_id: 56, confirmations: 15, decimals: 18 });
  });
});

describe("deposit addresses", () => {
  it("gives each user their own EVM address per network, stable across asks, derived from the xpub alone", async () => {
    const first = await addressOf(ada, "USDT", "BEP20");
    expect(first.status).toBe(200);
    const again = await addressOf(ada, "USDT", "BEP20");
    const other = await addressOf(bola, "USDT", "BEP20");
    const erc20 = await addressOf(ada, "USDT", "ERC20");
    const address = first.body.deposit_address.address;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(again.body.deposit_address.address).toBe(address);
    expect(other.body.deposit_address.address).not.toBe(address);
    expect(erc20.body.deposit_address.address).not.toBe(address);
    expect(first.body.deposit_address).toMatchObject({ kind: "evm", memo: null, network_name: "BNB Smart Chain (BEP20)", confirmations: 15 });
    const [row] = await server.ctx.db.select({ path: depositAddresses.path }).from(depositAddresses).where(eq(depositAddresses.address, address));
    const [branch, index] = row!.path.split("/").map(Number);
    expect(deriveDepositAddress(DEVELOPMENT_DEPOSIT_XPUB, branch!, index!).address).toBe(address);
  });

  it("on a manual network gives the platform address and the user's own memo", async () => {
    const a = await addressOf(ada, "USDT", "TRC20");
    const b = await addressOf(bola, "USDT", "TRC20");
    expect(a.status).toBe(200);
    expect(a.body.deposit_address).toMatchObject({ kind: "manual", network: "TRC20" });
    expect(a.body.deposit_address.address).toBe(b.body.deposit_address.address);
    expect(a.body.deposit_address.memo).toMatch(/^\d{6,}$/);
    expect(a.body.deposit_address.memo).not.toBe(b.body.deposit_address.memo);
  });

  it("refuses an unknown network with a clear 400 and writes nothing", async () => {
    const before = await rowCount(server.ctx.db, "deposit_addresses");
    const res = await addressOf(ada, "USDT", "SOLANA");
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "UNKNOWN_NETWORK", message: "USDT has no network called SOLANA." });
    expect(await rowCount(server.ctx.db, "deposit_addresses")).toBe(before);
  });
});
