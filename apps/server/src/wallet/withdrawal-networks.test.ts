import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { networks } from "../db/schema.js";
import { balance, expectLedgerSound, fund, getJson, postJson, rowCount } from "../../test/trading-fixtures.js";

/* A withdrawal names its network; the address is checked for that network, and its fee is fixed at request time. */

let server: TestServer;
let admin: TestUser;
let user: TestUser;

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7"; // an EIP-55 test vector
const TRON = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  await fund(server.ctx.db, admin, user, "USDT", "100");
});
afterAll(() => server.stop());

const writes = () => Promise.all(["withdrawals", "ledger_entries", "audit_log"].map((t) => rowCount(server.ctx.db, t)));
const withdraw = (body: Record<string, unknown>) =>
  postJson(server.url, user.token, "/api/wallet/withdrawals", { coin: "USDT", amount: "10", ...body });

describe("a withdrawal's address", () => {
  it("is refused when it belongs to another network or is malformed (400 naming the network, nothing written)", async () => {
    const before = await writes();
    const cases: [string, string][] = [
      ["BEP20", TRON],
      ["TRC20", EVM],
      ["BEP20", "0x52908400098527886e0F7030069857D2E4169EE7"], // one letter's case changed: checksum fails
      ["BEP20", "0x52908400098527886E0F7030069857D2E4169EE"], // a digit short
      ["TRC20", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8"], // base58check fails
    ];
    for (const [network, address] of cases) {
      const res = await withdraw({ network, address });
      expect(res.status, `${network} ${address}`).toBe(400);
      const name = network === "BEP20" ? "BNB Smart Chain (BEP20)" : "TRON (TRC20)";
      expect(res.body.error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `This is not a valid USDT address on ${name}. Check the address and the network.`,
      });
      expect(res.body.error.fields.address).toBe(res.body.error.message);
    }
    expect(await writes()).toEqual(before);
  });

  it("names a network of the coin: an unknown one is 400 UNKNOWN_NETWORK, a missing one 400, one switched off 409", async () => {
    const before = await writes();
    const unknown = await withdraw({ network: "SOLANA", address: EVM });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ code: "UNKNOWN_NETWORK", message: "USDT has no network called SOLANA." });
    const missing = await withdraw({ address: EVM });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.network).toBe("Choose a network");
    await server.ctx.db
      .update(networks)
      .set({ withdrawalsEnabled: false })
      .where(and(eq(networks.coin, "USDT"), eq(networks.code, "ERC20")));
    const paused = await withdraw({ network: "ERC20", address: EVM });
    expect(paused.status).toBe(409);
    expect(paused.body.error).toEqual({ code: "NETWORK_UNAVAILABLE", message: "Withdrawals of USDT on Ethereum (ERC20) are paused." });
    expect(await writes()).toEqual(before);
  });

  it("is accepted in lower case or checksummed on EVM, and as base58check on TRON", async () => {
    for (const [network, address] of [
      ["BEP20", EVM],
      ["BEP20", EVM.toLowerCase()],
      ["TRC20", TRON],
    ]) {
      const res = await withdraw({ network, address, amount: "2" });
      expect(res.status, address).toBe(201);
      expect(res.body.withdrawal).toMatchObject({ network, address });
    }
    await expectLedgerSound(server.ctx.db);
  });
});

describe("a withdrawal's network fee", () => {
  it("is the network's fee at request time; the address receives amount − fee; a later fee change keeps it", async () => {
    const res = await withdraw({ network: "BEP20", address: EVM, amount: "10.25" });
    expect(res.body.withdrawal).toMatchObject({ amount: "10.25000000", network_fee: "0.50000000", receive_amount: "9.75000000" });
    await server.ctx.db
      .update(networks)
      .set({ withdrawalFee: "3" })
      .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
    const trc = await withdraw({ network: "TRC20", address: TRON, amount: "1.000001" });
    expect(trc.body.withdrawal).toMatchObject({ network_fee: "1.00000000", receive_amount: "0.00000100" });
    const after = await withdraw({ network: "BEP20", address: EVM, amount: "4" });
    expect(after.body.withdrawal).toMatchObject({ network_fee: "3.00000000", receive_amount: "1.00000000" });
    const mine = await getJson(server.url, user.token, "/api/wallet/withdrawals?page_size=100");
    expect(mine.body.withdrawals.find((w: { id: string }) => w.id === res.body.withdrawal.id)).toMatchObject({ network_fee: "0.50000000" });
    await server.ctx.db
      .update(networks)
      .set({ withdrawalFee: "0.5" })
      .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
    await expectLedgerSound(server.ctx.db);
  });

  it("must be exceeded by the amount, and the amount must fit the network's decimals (4xx, nothing written)", async () => {
    const before = await writes();
    const available = await balance(server.ctx.db, user.id, "USDT");
    const atFee = await withdraw({ network: "BEP20", address: EVM, amount: "0.5" });
    expect(atFee.status).toBe(422);
    expect(atFee.body.error).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE", message: "The amount must be more than the network fee of 0.5 USDT." });
    const tooFine = await withdraw({ network: "TRC20", address: TRON, amount: "2.0000001" });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error.message).toBe("TRON (TRC20) carries USDT with at most 6 decimal places.");
    expect(await writes()).toEqual(before);
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe(available);
  });
});
