import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, getJson, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";
import { auditLog, deposits, networks } from "../db/schema.js";

/** Deposits filed by hand (issue #16): manual networks only, the sender's address checked for the network, the minimum, the memo. */

let server: TestServer;
let admin: TestUser;
let ada: TestUser;
let bola: TestUser;

const TRON_SENDER = "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M";
/** The same TRON address with its last character changed: the base58check checksum no longer holds. */
const TRON_TYPO = "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429N";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  ada = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  bola = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

const file = (who: TestUser, body: unknown) => postJson(server.url, who.token, "/api/wallet/deposits", body);
const usdt = (fields: Record<string, unknown> = {}) => ({
  coin: "USDT",
  network: "TRC20",
  amount: "50",
  tx_hash: txHash(),
  sender_address: TRON_SENDER,
  ...fields,
});
const writes = () => Promise.all(["deposits", "audit_log", "events", "deposit_accounts"].map((t) => rowCount(server.ctx.db, t)));

describe("a deposit filed by hand", () => {
  it("on a manual network stores the network, the sender's address and the user's own memo, the one the deposit address showed", async () => {
    const shown = await getJson(server.url, ada.token, "/api/wallet/deposit-address?coin=USDT&network=TRC20");
    const memo = shown.body.deposit_address.memo;
    expect(memo).toMatch(/^\d+$/);
    const res = await file(ada, usdt({ amount: "75.5" }));
    expect(res.status).toBe(201);
    expect(res.body.deposit).toMatchObject({
      coin: "USDT",
      network: "TRC20",
      amount: "75.50000000",
      source: "manual",
      status: "pending",
      sender_address: TRON_SENDER,
      memo,
      confirmations_required: null,
    });
    expect(res.body.deposit.explorer_url).toBe(`https://tronscan.org/#/transaction/${res.body.deposit.tx_hash.slice(2)}`);
    const [row] = await server.ctx.db.select().from(deposits).where(eq(deposits.id, res.body.deposit.id));
    expect(row).toMatchObject({ network: "TRC20", senderAddress: TRON_SENDER, memo, source: "manual" });

    const other = await file(bola, usdt());
    expect(other.body.deposit.memo).not.toBe(memo);
    const [audit] = await server.ctx.db.select({ data: auditLog.data }).from(auditLog).where(eq(auditLog.targetId, res.body.deposit.id));
    expect(audit!.data).toMatchObject({ network: "TRC20", sender_address: TRON_SENDER, memo });
  });

  it("shows the admin queue the network, sender, memo and explorer link", async () => {
    const res = await file(ada, usdt({ amount: "61" }));
    const queue = await getJson(server.url, admin.token, "/api/admin/deposits?status=pending&page_size=100");
    const listed = queue.body.deposits.find((d: { id: string }) => d.id === res.body.deposit.id);
    expect(listed).toMatchObject({ network: "TRC20", sender_address: TRON_SENDER, memo: res.body.deposit.memo, source: "manual" });
    expect(listed.explorer_url).toMatch(/^https:\/\/tronscan\.org\//);
  });

  it("needs a network: without one it is a 400 naming the field, and nothing is written", async () => {
    const before = await writes();
    const { network: _none, ...body } = usdt();
    const res = await file(ada, body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("network");
    expect(await writes()).toEqual(before);
  });

  it("on an EVM network is a 409 saying such deposits are credited automatically, and nothing is written", async () => {
    const before = await writes();
    for (const network of ["BEP20", "ERC20"]) {
      const res = await file(ada, usdt({ network, sender_address: "0x2d711642B726B04401627CA9FbAc32F5c8530FB1" }));
      expect(res.status, network).toBe(409);
      expect(res.body.error.code).toBe("NETWORK_UNAVAILABLE");
      expect(res.body.error.message).toMatch(/credited automatically once confirmed on chain/);
    }
    expect(await writes()).toEqual(before);
  });

  it("refuses an unknown network (400), a paused one (409) and a coin's network under another coin (400), writing nothing", async () => {
    const before = await writes();
    expect((await file(ada, usdt({ network: "SOLANA" }))).body.error).toEqual({
      code: "UNKNOWN_NETWORK",
      message: "USDT has no network called SOLANA.",
    });
    expect((await file(ada, depositBody({ coin: "PI", amount: "5", tx_hash: txHash(), network: "TRC20" }))).status).toBe(400);
    await server.ctx.db.update(networks).set({ depositsEnabled: false }).where(eq(networks.code, "Rubi"));
    try {
      const paused = await file(ada, depositBody({ coin: "RUBI", amount: "5", tx_hash: txHash() }));
      expect(paused.status).toBe(409);
      expect(paused.body.error.message).toBe("Deposits of RUBI on Rubi are paused.");
    } finally {
      await server.ctx.db.update(networks).set({ depositsEnabled: true }).where(eq(networks.code, "Rubi"));
    }
    expect(await writes()).toEqual(before);
  });

  it("needs a sender address valid for the network (TRON base58check here): missing, an EVM one or a typo is a 400 on the field", async () => {
    const before = await writes();
    const { sender_address: _none, ...missing } = usdt();
    const cases = [
      missing,
      usdt({ sender_address: "" }),
      usdt({ sender_address: TRON_TYPO }),
      usdt({ sender_address: "0x2d711642b726b04401627ca9fbac32f5c8530fb1" }),
      usdt({ sender_address: "T".padEnd(200, "x") }),
    ];
    for (const body of cases) {
      const res = await file(ada, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty("sender_address");
    }
    const typo = await file(ada, usdt({ sender_address: TRON_TYPO }));
    expect(typo.body.error.message).toBe("This is not a valid TRON (TRC20) address. Enter the address you sent from.");
    expect(await writes()).toEqual(before);
  });

  it("below the network's minimum deposit is refused with the minimum in the message; the minimum itself is accepted", async () => {
    const before = await writes();
    const res = await file(ada, usdt({ amount: "0.99999999" }));
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: "AMOUNT_OUT_OF_RANGE",
      message: "The minimum deposit of USDT on TRON (TRC20) is 1.",
      fields: { amount: "The minimum deposit of USDT on TRON (TRC20) is 1." },
    });
    expect(await writes()).toEqual(before);
    expect((await file(ada, usdt({ amount: "1" }))).status).toBe(201);
  });

  it("takes a hash once: the same transfer in another case or without 0x is a 409, by the same user or another, writing nothing", async () => {
    const hex = txHash().slice(2);
    expect((await file(ada, usdt({ tx_hash: `0x${hex}` }))).status).toBe(201);
    const before = await writes();
    for (const spelling of [hex, hex.toUpperCase(), `0X${hex.toUpperCase()}`]) {
      for (const who of [ada, bola]) {
        const again = await file(who, usdt({ tx_hash: spelling }));
        expect(again.status, spelling).toBe(409);
        expect(again.body.error.code).toBe("DUPLICATE_TX_HASH");
      }
    }
    expect(await writes()).toEqual(before);
  });
});
