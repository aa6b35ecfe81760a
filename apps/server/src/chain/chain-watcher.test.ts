import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, expectLedgerSound } from "../../test/trading-fixtures.js";
import { deposits } from "../db/schema.js";
import { startLocalChain, type LocalChain } from "../../test/chain/local-chain.js";
import { auditActions, depositAddressOf, depositEvents, depositsOf, pointNetwork, untilDeposit } from "../../test/chain/watcher-fixtures.js";
import { until } from "../../test/until.js";

let chain: LocalChain;
let server: TestServer;
let usdt: Address;
const newUser = () => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
  usdt = await chain.deployToken({ decimals: 18 });
  server = await startTestServer({ CHAIN_RPC_URLS: `56=${chain.url}`, CHAIN_POLL_MS: "100" });
  // USDT on BEP20 is the demo token on the local chain 56, 3 confirmations; CORE's native coin is this chain's too.
  await pointNetwork(server.ctx.db, "USDT", "BEP20", { tokenContract: usdt, confirmations: 3 });
  await pointNetwork(server.ctx.db, "CORE", "Core", { chainId: 56, confirmations: 3 });
});
afterAll(async () => {
  await server?.stop();
  await chain?.stop();
});

async function userWithAddress(): Promise<{ user: TestUser; address: Address }> {
  const user = await newUser();
  return { user, address: await depositAddressOf(server, user, "USDT", "BEP20") };
}

describe("the chain watcher on a real local node", () => {
  it("shows a deposit confirming 1 of 3, then 2 of 3, then credits it once", async () => {
    const { user, address } = await userWithAddress();
    const hash = await chain.sendToken(usdt, address, "25");
    const found = await untilDeposit(server, user, "the deposit", (d) => d.tx_hash === hash);
    expect(found).toMatchObject({
      coin: "USDT",
      network: "BEP20",
      amount: "25.00000000",
      source: "chain",
      status: "confirming",
      confirmations: 1,
      confirmations_required: 3,
      to_address: address.toLowerCase(),
      log_index: expect.any(Number),
    });
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("0.00000000");

    await chain.mine(1);
    await untilDeposit(server, user, "2 of 3", (d) => d.id === found.id && d.confirmations === 2);
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("0.00000000");

    await chain.mine(1);
    await untilDeposit(server, user, "credited", (d) => d.id === found.id && d.status === "confirmed");
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("25.00000000");

    // More blocks and polls: never a second credit, never a second row.
    await chain.mine(4);
    await until("the watcher to see the new head", async () => (await chain.blockNumber()) > 0n && (await depositsOf(server, user)).length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await depositsOf(server, user)).toHaveLength(1);
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("25.00000000");
    expect(await auditActions(server.ctx.db, found.id)).toEqual(["deposit.credited"]);
    // The owner's screens followed it live: found at 1, then 2, then credited at 3.
    expect(await depositEvents(server.ctx.db, user.id)).toEqual([
      { deposit_id: found.id, status: "confirming", confirmations: 1 },
      { deposit_id: found.id, status: "confirming", confirmations: 2 },
      { deposit_id: found.id, status: "confirmed", confirmations: 3 },
    ]);
    await expectLedgerSound(server.ctx.db);
  });

  it("credits the owner even when someone first filed the same hash as a manual deposit on another network", async () => {
    const { user, address } = await userWithAddress();
    const thief = await newUser();
    // The transfer is public the moment it is mined; the thief files its hash as a TRC20 claim (log index 0, like
    // the only log of a one-transfer block) before the watcher's next poll records it.
    const real = await chain.sendToken(usdt, address, "25");
    await server.ctx.db.insert(deposits).values({ userId: thief.id, coin: "USDT", network: "TRC20", amount: "25", txHash: real, logIndex: 0 });
    await chain.mine(2);
    const credited = await untilDeposit(server, user, "the owner's deposit credited", (d) => d.tx_hash === real && d.status === "confirmed");
    expect(credited.network).toBe("BEP20");
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("25.00000000");
    expect(await balance(server.ctx.db, thief.id, "USDT")).toBe("0.00000000");
  });

  it("credits two deposits mined in one block, each to its own owner", async () => {
    const a = await userWithAddress();
    const b = await userWithAddress();
    const [hashA, hashB] = await chain.sendTokensInOneBlock(usdt, [
      { to: a.address, amount: "11" },
      { to: b.address, amount: "12.5" },
    ]);
    const receiptA = await chain.client.getTransactionReceipt({ hash: hashA! });
    const receiptB = await chain.client.getTransactionReceipt({ hash: hashB! });
    expect(receiptA.blockNumber).toBe(receiptB.blockNumber);
    await chain.mine(2);
    await untilDeposit(server, a.user, "a's credit", (d) => d.status === "confirmed");
    await untilDeposit(server, b.user, "b's credit", (d) => d.status === "confirmed");
    expect(await balance(server.ctx.db, a.user.id, "USDT")).toBe("11.00000000");
    expect(await balance(server.ctx.db, b.user.id, "USDT")).toBe("12.50000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("ignores another token, an address nobody owns and an amount below the minimum; truncates extra places down", async () => {
    const { user, address } = await userWithAddress();
    const other = await chain.deployToken({ symbol: "FAKE", decimals: 18 });
    await chain.sendToken(other, address, "500");
    await chain.sendToken(usdt, "0x00000000000000000000000000000000000000b2", "40");
    // The network's minimum deposit is 1 USDT.
    await chain.sendToken(usdt, address, "0.5");
    const marker = await chain.sendToken(usdt, address, "2.123456789999");
    await chain.mine(2);
    const credited = await untilDeposit(server, user, "the marker's credit", (d) => d.tx_hash === marker && d.status === "confirmed");
    expect(credited.amount).toBe("2.12345678");
    expect(await depositsOf(server, user)).toHaveLength(1);
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("2.12345678");
    await expectLedgerSound(server.ctx.db);
  });

  it("drops a deposit whose block left the chain before 3 confirmations, crediting nothing", async () => {
    const { user, address } = await userWithAddress();
    const snapshot = await chain.snapshot();
    const hash = await chain.sendToken(usdt, address, "30");
    const found = await untilDeposit(server, user, "the deposit", (d) => d.tx_hash === hash && d.confirmations === 1);
    await chain.revert(snapshot);
    await chain.mine(4);
    await untilDeposit(server, user, "dropped", (d) => d.id === found.id && d.status === "dropped");
    await chain.mine(3);
    await new Promise((r) => setTimeout(r, 400));
    expect((await depositsOf(server, user)).map((d) => d.status)).toEqual(["dropped"]);
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("0.00000000");
    expect(await auditActions(server.ctx.db, found.id)).toEqual(["deposit.dropped"]);
    await expectLedgerSound(server.ctx.db);
  });

  it("flags a credited deposit whose block later left the chain for admins, and never reverses it", async () => {
    const { user, address } = await userWithAddress();
    const snapshot = await chain.snapshot();
    const hash = await chain.sendToken(usdt, address, "7");
    await chain.mine(2);
    const credited = await untilDeposit(server, user, "credited", (d) => d.tx_hash === hash && d.status === "confirmed");
    await chain.revert(snapshot);
    await chain.mine(5);
    await untilDeposit(server, user, "flagged", (d) => d.id === credited.id && d.reorged === true);
    expect((await depositsOf(server, user))[0]).toMatchObject({ status: "confirmed", reorged: true });
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("7.00000000");
    expect(await auditActions(server.ctx.db, credited.id)).toEqual(["deposit.credited", "deposit.reorged"]);
    await expectLedgerSound(server.ctx.db);
  });

  it("credits the chain's native coin on a native network, to that network's own address only", async () => {
    const user = await newUser();
    const core = await depositAddressOf(server, user, "CORE", "Core");
    const usdtAddress = await depositAddressOf(server, user, "USDT", "BEP20");
    expect(core).not.toBe(usdtAddress);
    const hash = await chain.sendNative(core, "1.5");
    // Native coin sent to the user's USDT address is no USDT deposit (and below CORE's minimum elsewhere).
    await chain.sendNative(usdtAddress, "3");
    await chain.mine(2);
    const credited = await untilDeposit(server, user, "CORE credited", (d) => d.tx_hash === hash && d.status === "confirmed");
    expect(credited).toMatchObject({ coin: "CORE", network: "Core", amount: "1.50000000", log_index: 0 });
    expect(await depositsOf(server, user)).toHaveLength(1);
    expect(await balance(server.ctx.db, user.id, "CORE")).toBe("1.50000000");
    await expectLedgerSound(server.ctx.db);
  });
});
