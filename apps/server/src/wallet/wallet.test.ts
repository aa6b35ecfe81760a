import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { parseCoin, parseSignedUnits, depositListResponse, walletEntriesResponse, walletResponse, withdrawalListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog, ledgerAccounts, users } from "../db/schema.js";
import { balance, depositBody, expectLedgerSound, fund, getJson, payOut, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

const ADDRESS = "0xabc0000000000000000000000000000000000001";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  alice = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  bob = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});

async function platformBalance(coin: string, kind: "fees" | "custody"): Promise<bigint> {
  const [row] = await server.ctx.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.coin, coin)));
  return parseSignedUnits(row?.balance ?? "0", 8);
}

async function moneySnapshot() {
  const db = server.ctx.db;
  const tables = ["deposits", "withdrawals", "ledger_entries", "ledger_transfers", "idempotency_keys"];
  return Promise.all(tables.map((t) => rowCount(db, t)));
}

describe("deposits", () => {
  it("stay pending until an admin confirms, then move custody → available once, audited", async () => {
    const wallet = await getJson(server.url, alice.token, "/api/wallet");
    walletResponse.parse(wallet.body);
    const pi = wallet.body.balances.find((b: { coin: string }) => b.coin === "PI");
    expect(pi).toMatchObject({ available: "0.00000000", in_escrow: "0.00000000", withdrawing: "0.00000000" });
    expect(pi).not.toHaveProperty("deposit_address");

    const hash = txHash();
    const created = await postJson(server.url, alice.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "25.5", tx_hash: hash }));
    expect(created.status).toBe(201);
    expect(created.body.deposit).toMatchObject({ status: "pending", amount: "25.50000000", tx_hash: hash, user_id: alice.id });
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("0.00000000");

    const pending = await getJson(server.url, admin.token, "/api/admin/deposits?status=pending");
    depositListResponse.parse(pending.body);
    expect(pending.body.deposits.map((d: { id: string }) => d.id)).toContain(created.body.deposit.id);

    const confirmed = await postJson(server.url, admin.token, `/api/admin/deposits/${created.body.deposit.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.deposit.status).toBe("confirmed");
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("25.50000000");

    const again = await postJson(server.url, admin.token, `/api/admin/deposits/${created.body.deposit.id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "REQUEST_ALREADY_REVIEWED", message: "This deposit is already confirmed." });
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("25.50000000");

    const entries = await getJson(server.url, alice.token, "/api/wallet/entries");
    walletEntriesResponse.parse(entries.body);
    expect(entries.body.entries).toEqual([
      expect.objectContaining({
        coin: "PI",
        account: "available",
        amount: "25.50000000",
        balance_after: "25.50000000",
        transfer: "deposit",
        deposit_id: created.body.deposit.id,
      }),
    ]);
    const audits = await server.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["ledger.deposit", "deposit.confirmed"]));
    await expectLedgerSound(server.ctx.db);
  });

  it("can be rejected, crediting nothing, and a chain transaction backs only one live deposit", async () => {
    const hash = txHash();
    const first = await postJson(server.url, alice.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "1", tx_hash: hash }));
    const dup = await postJson(
      server.url,
      bob.token,
      "/api/wallet/deposits",
      depositBody({ coin: "PI", amount: "1", tx_hash: hash.toUpperCase().replace("0X", "0x") }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("DUPLICATE_TX_HASH");
    const rejected = await postJson(server.url, admin.token, `/api/admin/deposits/${first.body.deposit.id}/reject`, { reason: "Not found on chain" });
    expect(rejected.body.deposit).toMatchObject({ status: "rejected", reject_reason: "Not found on chain" });
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("0.00000000");
    // Once rejected, the hash may be submitted again (e.g. by its real owner).
    expect((await postJson(server.url, bob.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "1", tx_hash: hash }))).status).toBe(201);
  });

  it("are refused for unlisted coins and bad input, writing nothing", async () => {
    const before = await moneySnapshot();
    const cases: [unknown, number][] = [
      [{ coin: "ETH", network: "Ethereum", amount: "1", tx_hash: txHash(), sender_address: "0x2d711642b726b04401627ca9fbac32f5c8530fb1" }, 409],
      [depositBody({ coin: "PI", amount: "1", tx_hash: "short" }), 400],
      [depositBody({ coin: "PI", amount: 1, tx_hash: txHash() }), 400],
      [depositBody({ coin: "PI", amount: "-1", tx_hash: txHash() }), 400],
      [depositBody({ coin: "PI", amount: "1.123456789", tx_hash: txHash() }), 400],
      [depositBody({ coin: "PI", amount: "1", tx_hash: txHash(), user_id: bob.id }), 400],
      [{ ...depositBody({ coin: "PI", amount: "1", tx_hash: txHash() }), coin: "NOPE" }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await postJson(server.url, alice.token, "/api/wallet/deposits", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect(await moneySnapshot()).toEqual(before);
  });

  it("are confirmed and rejected only by admins; other ids are 404", async () => {
    const deposit = (await postJson(server.url, alice.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "3", tx_hash: txHash() })))
      .body.deposit;
    const before = await moneySnapshot();
    for (const who of [alice, bob]) {
      expect((await postJson(server.url, who.token, `/api/admin/deposits/${deposit.id}/confirm`)).status).toBe(403);
      expect((await postJson(server.url, who.token, `/api/admin/deposits/${deposit.id}/reject`, { reason: "x" })).status).toBe(403);
      expect((await getJson(server.url, who.token, "/api/admin/deposits")).status).toBe(403);
    }
    expect((await postJson(server.url, admin.token, "/api/admin/deposits/00000000-0000-4000-8000-000000000000/confirm")).status).toBe(404);
    expect((await postJson(server.url, admin.token, "/api/admin/deposits/nope/confirm")).status).toBe(404);
    expect((await postJson(server.url, admin.token, `/api/admin/deposits/${deposit.id}/reject`, {})).status).toBe(400);
    expect(await moneySnapshot()).toEqual(before);
    expect((await getJson(server.url, bob.token, "/api/wallet/deposits")).body.deposits).toEqual([]);
    expect((await getJson(server.url, alice.token, "/api/wallet/deposits")).body.total).toBe(1);
  });
});

describe("withdrawals", () => {
  it("move available → withdrawing at once; sent moves amount − fee to custody and the fee to the fee account, reject returns it", async () => {
    const db = server.ctx.db;
    await fund(db, admin, alice, "PI", "10");
    const feesBefore = await platformBalance("PI", "fees");
    const custodyBefore = await platformBalance("PI", "custody");
    const w1 = await postJson(server.url, alice.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "4", address: ADDRESS });
    expect(w1.status).toBe(201);
    expect(w1.body.withdrawal).toMatchObject({
      status: "pending",
      network: "Pi",
      amount: "4.00000000",
      network_fee: "0.10000000",
      receive_amount: "3.90000000",
      address: ADDRESS,
    });
    expect(await balance(db, alice.id, "PI")).toBe("6.00000000");
    expect(await balance(db, alice.id, "PI", "withdrawing")).toBe("4.00000000");

    const sent = await payOut(server, [admin], w1.body.withdrawal.id);
    expect(sent.body.withdrawal.status).toBe("sent");
    expect(await balance(db, alice.id, "PI", "withdrawing")).toBe("0.00000000");
    expect(await platformBalance("PI", "fees")).toBe(feesBefore + parseCoin("0.1"));
    expect(await platformBalance("PI", "custody")).toBe(custodyBefore + parseCoin("3.9"));

    const w2 = await postJson(server.url, alice.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "6", address: ADDRESS });
    const rejected = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w2.body.withdrawal.id}/reject`, {
      reason: "Address on a sanctions list",
    });
    expect(rejected.body.withdrawal).toMatchObject({ status: "rejected", reject_reason: "Address on a sanctions list" });
    expect(await balance(db, alice.id, "PI")).toBe("6.00000000");
    const late = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w2.body.withdrawal.id}/sent`, { tx_hash: txHash() });
    expect(late.body.error).toEqual({ code: "REQUEST_ALREADY_REVIEWED", message: "This withdrawal is already rejected." });

    const wallet = await getJson(server.url, alice.token, "/api/wallet");
    expect(wallet.body.balances.find((b: { coin: string }) => b.coin === "PI")).toMatchObject({ available: "6.00000000", withdrawing: "0.00000000" });
    await expectLedgerSound(db);
  });

  it("may be cancelled by their owner only; another user's id is 404", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "5");
    const w = (await postJson(server.url, alice.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "5", address: ADDRESS })).body
      .withdrawal;
    const before = await moneySnapshot();
    const theirs = await postJson(server.url, bob.token, `/api/wallet/withdrawals/${w.id}/cancel`);
    expect(theirs.status).toBe(404);
    expect((await postJson(server.url, bob.token, `/api/admin/withdrawals/${w.id}/sent`, { tx_hash: txHash() })).status).toBe(403);
    expect((await getJson(server.url, bob.token, "/api/wallet/withdrawals")).body.withdrawals).toEqual([]);
    withdrawalListResponse.parse((await getJson(server.url, alice.token, "/api/wallet/withdrawals")).body);
    expect(await moneySnapshot()).toEqual(before);
    const mine = await postJson(server.url, alice.token, `/api/wallet/withdrawals/${w.id}/cancel`);
    expect(mine.body.withdrawal.status).toBe("cancelled");
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("5.00000000");
  });

  it("are refused beyond the available balance and on bad input, writing nothing", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "2");
    const before = await moneySnapshot();
    const over = await postJson(server.url, alice.token, "/api/wallet/withdrawals", {
      coin: "PI",
      network: "Pi",
      amount: "2.0000001",
      address: ADDRESS,
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({ code: "INSUFFICIENT_BALANCE", message: "Not enough PI available for this." });
    for (const body of [
      { coin: "PI", network: "Pi", amount: "1", address: "short" },
      { coin: "PI", network: "Pi", amount: "1", address: "0xabc 000000000000000000000000" },
      { coin: "PI", network: "Pi", amount: "0", address: ADDRESS },
      { coin: "PI", network: "Pi", address: ADDRESS },
      { coin: "PI", amount: "1", address: ADDRESS },
    ]) {
      expect((await postJson(server.url, alice.token, "/api/wallet/withdrawals", body)).status).toBe(400);
    }
    expect((await postJson(server.url, null, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "1", address: ADDRESS })).status).toBe(
      401,
    );
    expect(await moneySnapshot()).toEqual(before);
  });

  it("are blocked for 24 hours after a password change", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "2");
    // Changed at the latest 10:15:30 UTC in the past day: the lock ends a day later, 11:16 in Lagos (rounded up).
    const changedAt = new Date();
    changedAt.setUTCHours(10, 15, 30, 0);
    if (changedAt.getTime() >= Date.now() - 1000) changedAt.setUTCDate(changedAt.getUTCDate() - 1);
    await server.ctx.db.update(users).set({ passwordChangedAt: changedAt }).where(eq(users.id, alice.id));
    const before = await moneySnapshot();
    const res = await postJson(server.url, alice.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "1", address: ADDRESS });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("WITHDRAWALS_LOCKED");
    const end = new Date(changedAt.getTime() + 24 * 3600_000);
    const day = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" }).format(end);
    expect(res.body.error.message).toBe(`Withdrawals are paused for 24 hours after a password change, until ${day}, 11:16 WAT.`);
    expect(res.body.error.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(await moneySnapshot()).toEqual(before);
    await server.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(users.id, alice.id));
    expect(
      (await postJson(server.url, alice.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "1", address: ADDRESS })).status,
    ).toBe(201);
  });
});

describe("ledger history", () => {
  it("shows only the caller's own entries, newest first, paged", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "1");
    await fund(server.ctx.db, admin, alice, "SIDRA", "2");
    await fund(server.ctx.db, admin, alice, "PI", "3");
    await fund(server.ctx.db, admin, bob, "PI", "9");
    const page1 = await getJson(server.url, alice.token, "/api/wallet/entries?page_size=2");
    expect(page1.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.entries.map((e: { amount: string }) => e.amount)).toEqual(["3.00000000", "2.00000000"]);
    const page2 = await getJson(server.url, alice.token, "/api/wallet/entries?page_size=2&page=2");
    expect(page2.body.entries.map((e: { amount: string }) => e.amount)).toEqual(["1.00000000"]);
    const pi = await getJson(server.url, alice.token, "/api/wallet/entries?coin=PI");
    expect(pi.body.total).toBe(2);
    expect((await getJson(server.url, alice.token, "/api/wallet/entries?page_size=500")).status).toBe(400);
    expect((await getJson(server.url, null, "/api/wallet/entries")).status).toBe(401);
  });
});

describe("Idempotency-Key on money-moving requests", () => {
  const withdraw = (user: TestUser, key: string, amount = "1") =>
    postJson(server.url, user.token, "/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount, address: ADDRESS }, { "Idempotency-Key": key });

  it("replays the first answer to a retry, and refuses the key with a different request", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "10");
    const first = await withdraw(alice, "w-1");
    const retry = await withdraw(alice, "w-1");
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("9.00000000");

    const reused = await withdraw(alice, "w-1", "2");
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    // Keys are per user: Bob's "w-1" is his own.
    await fund(server.ctx.db, admin, bob, "PI", "1");
    expect((await withdraw(bob, "w-1")).status).toBe(201);
  });

  it("replays a refusal the same way", async () => {
    const refused = await withdraw(alice, "w-broke", "5");
    expect(refused.status).toBe(409);
    await fund(server.ctx.db, admin, alice, "PI", "10");
    const retry = await withdraw(alice, "w-broke", "5");
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(refused.body);
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("10.00000000");
  });

  it("posts once for 50 identical concurrent requests and answers them identically", async () => {
    await fund(server.ctx.db, admin, alice, "PI", "100");
    const before = await rowCount(server.ctx.db, "ledger_transfers");
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(alice, "w-burst", "7")));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await rowCount(server.ctx.db, "ledger_transfers")).toBe(before + 1);
    expect(await balance(server.ctx.db, alice.id, "PI")).toBe("93.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("refuses a malformed key", async () => {
    const res = await withdraw(alice, "x".repeat(201));
    expect(res.status).toBe(400);
  });
});
