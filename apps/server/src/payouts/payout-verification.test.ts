import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { encodeFunctionData, keccak256, parseUnits, type Address, type Hash } from "viem";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { demoTokenArtifact, startLocalChain, type LocalChain } from "../../test/chain/local-chain.js";
import { networks, withdrawals } from "../db/schema.js";
import { approveAndBatch, balance, expectLedgerSound, fund, postJson, rowCount } from "../../test/trading-fixtures.js";
import { verifyPayouts } from "./verify-payouts.js";

/*
 * Marking a withdrawal sent on an EVM network this server reaches: the hash is checked on a real
 * local chain (ganache, chain id 56 standing in for BNB Smart Chain) before anything is final.
 */

let chain: LocalChain;
let server: TestServer;
let admin: TestUser;
let user: TestUser;
let usdt: Address;

const PAYEE = "0x52908400098527886E0F7030069857D2E4169EE7" as Address;
const STRANGER = "0x000000000000000000000000000000000000bEEF" as Address;

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
  server = await startTestServer({ CHAIN_RPC_URLS: `56=${chain.url}` });
  usdt = await chain.deployToken({ decimals: 18 });
  const db = server.ctx.db;
  await db
    .update(networks)
    .set({ tokenContract: usdt, confirmations: 1 })
    .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
  // CORE's native coin on the same local chain, for native payouts.
  await db
    .update(networks)
    .set({ chainId: 56, confirmations: 1 })
    .where(and(eq(networks.coin, "CORE"), eq(networks.code, "Core")));
  admin = await createSignedInUser(db, server.ctx.config.sessionSecret, { role: "admin" });
  user = await createSignedInUser(db, server.ctx.config.sessionSecret);
  await fund(db, admin, user, "USDT", "1000");
  await fund(db, admin, user, "CORE", "10");
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await chain?.stop();
});

/** A withdrawal of `amount` to PAYEE, approved and batched: ready for its hash. */
const ready = async (coin: "USDT" | "CORE", amount: string) => {
  const res = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
    coin,
    network: coin === "USDT" ? "BEP20" : "Core",
    amount,
    address: PAYEE,
  });
  expect(res.status).toBe(201);
  const id = res.body.withdrawal.id as string;
  await approveAndBatch(server, [admin], id);
  return id;
};
const markSent = (id: string, hash: string) => postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/sent`, { tx_hash: hash });
const row = async (id: string) => (await server.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const writes = () => Promise.all(["withdrawals", "ledger_entries", "ledger_transfers", "audit_log"].map((t) => rowCount(server.ctx.db, t)));

/** A token transfer signed but not broadcast: its hash is known before the chain has it. */
async function signedTransfer(to: Address, amount: string): Promise<{ hash: Hash; send: () => Promise<void> }> {
  const request = await chain.wallet.prepareTransactionRequest({
    account: chain.account,
    chain: null,
    to: usdt,
    data: encodeFunctionData({ abi: demoTokenArtifact().abi, functionName: "transfer", args: [to, parseUnits(amount, 18)] }),
  });
  const serialized = await chain.account.signTransaction({ ...request, chainId: 56 } as Parameters<typeof chain.account.signTransaction>[0]);
  return {
    hash: keccak256(serialized),
    send: async () => {
      const hash = await chain.client.sendRawTransaction({ serializedTransaction: serialized });
      await chain.receipt(hash);
    },
  };
}

describe("a hash filed for a batched withdrawal", () => {
  it("that pays the address its receive amount in the network's token makes it sent: withdrawing → custody and fee, once", async () => {
    const id = await ready("USDT", "100");
    const hash = await chain.sendToken(usdt, PAYEE, "99.5");
    const sent = await markSent(id, hash.toUpperCase().replace("0X", "0x"));
    expect(sent.status).toBe(200);
    expect(sent.body.withdrawal).toMatchObject({ status: "sent", tx_hash: hash.toLowerCase(), receive_amount: "99.50000000" });
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("0.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("that pays someone else is refused (409), nothing written, and the withdrawal stays approved in its batch", async () => {
    const id = await ready("USDT", "50");
    const hash = await chain.sendToken(usdt, STRANGER, "49.5");
    const before = await writes();
    const res = await markSent(id, hash);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "CONFLICT",
      message: `Transaction ${hash} does not pay 49.5 USDT to ${PAYEE} on BNB Smart Chain (BEP20).`,
    });
    expect(await writes()).toEqual(before);
    expect(await row(id)).toMatchObject({ status: "approved", txHash: null });
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("50.00000000");
    expect((await markSent(id, await chain.sendToken(usdt, PAYEE, "49.5"))).status).toBe(200);
    await expectLedgerSound(server.ctx.db);
  });

  it("that pays the right address a wrong amount, or in another token, is refused (409), nothing written", async () => {
    const id = await ready("USDT", "20");
    const before = await writes();
    const short = await chain.sendToken(usdt, PAYEE, "19.49");
    expect((await markSent(id, short)).status).toBe(409);
    const fake = await chain.deployToken({ symbol: "FAKE", decimals: 18 });
    const otherToken = await chain.sendToken(fake, PAYEE, "19.5");
    const refused = await markSent(id, otherToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/does not pay 19\.5 USDT/);
    expect(await writes()).toEqual(before);
    expect((await markSent(id, await chain.sendToken(usdt, PAYEE, "19.5"))).status).toBe(200);
    await expectLedgerSound(server.ctx.db);
  });

  it("paying natively is checked on the transaction itself: the right address and value pass, another address is refused", async () => {
    const id = await ready("CORE", "2");
    const wrong = await chain.sendNative(STRANGER, "1.95");
    expect((await markSent(id, wrong)).status).toBe(409);
    const right = await chain.sendNative(PAYEE, "1.95");
    const sent = await markSent(id, right);
    expect(sent.body.withdrawal.status).toBe("sent");
    await expectLedgerSound(server.ctx.db);
  });

  it("not on chain yet leaves it verifying; the recurring check makes it sent once the transaction is mined", async () => {
    const id = await ready("USDT", "30");
    const pending = await signedTransfer(PAYEE, "29.5");
    const filed = await markSent(id, pending.hash);
    expect(filed.status).toBe(200);
    expect(filed.body.withdrawal).toMatchObject({ status: "verifying", tx_hash: pending.hash });
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("30.00000000");
    await expectLedgerSound(server.ctx.db);
    const cancel = await postJson(server.url, user.token, `/api/wallet/withdrawals/${id}/cancel`);
    expect(cancel.status).toBe(409);

    expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ sent: 0, waiting: 1 });
    await pending.send();
    expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ sent: 1, waiting: 0 });
    expect(await row(id)).toMatchObject({ status: "sent", txHash: pending.hash });
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("0.00000000");
    expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ sent: 0, waiting: 0 });
    await expectLedgerSound(server.ctx.db);
  });

  it("not on chain yet that turns out to pay someone else returns it to approved with the problem, for a right hash", async () => {
    const id = await ready("USDT", "40");
    const wrong = await signedTransfer(STRANGER, "39.5");
    expect((await markSent(id, wrong.hash)).body.withdrawal.status).toBe("verifying");
    await wrong.send();
    expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ refused: 1 });
    const back = await row(id);
    expect(back).toMatchObject({ status: "approved", txHash: null });
    expect(back.hashProblem).toBe(`Transaction ${wrong.hash} does not pay 39.5 USDT to ${PAYEE} on BNB Smart Chain (BEP20).`);
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("40.00000000");
    const right = await markSent(id, await chain.sendToken(usdt, PAYEE, "39.5"));
    expect(right.body.withdrawal).toMatchObject({ status: "sent", hash_problem: null });
    await expectLedgerSound(server.ctx.db);
  });

  it("waits in verifying until the network's confirmations are reached", async () => {
    await server.ctx.db
      .update(networks)
      .set({ confirmations: 3 })
      .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
    try {
      const id = await ready("USDT", "10");
      const filed = await markSent(id, await chain.sendToken(usdt, PAYEE, "9.5"));
      expect(filed.body.withdrawal.status).toBe("verifying");
      expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ waiting: 1 });
      await chain.mine(2);
      expect(await verifyPayouts(server.ctx.db, server.ctx.config)).toMatchObject({ sent: 1 });
      await expectLedgerSound(server.ctx.db);
    } finally {
      await server.ctx.db
        .update(networks)
        .set({ confirmations: 1 })
        .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
    }
  });
});
