import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { adminDepositListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { deposits, withdrawals } from "../db/schema.js";
import { queryRows } from "../db/client.js";
import { approveAndBatch, balance, depositBody, fund, getJson, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  alice = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  bob = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});

const hex = () => txHash().slice(2);
const file = (who: TestUser, tx_hash: string, amount = "500") =>
  postJson(server.url, who.token, "/api/wallet/deposits", depositBody({ coin: "USDT", amount, tx_hash }));
const writes = () => Promise.all(["deposits", "audit_log", "ledger_entries", "events"].map((t) => rowCount(server.ctx.db, t)));

describe("deposit hashes", () => {
  it("are stored normalized (0x, lower case): 0x+H, H and any case are one transfer, so a second claim by anyone is 409 and writes nothing", async () => {
    const h = hex();
    const first = await file(alice, h.toUpperCase());
    expect(first.status).toBe(201);
    expect(first.body.deposit.tx_hash).toBe(`0x${h}`);
    const before = await writes();
    for (const spelling of [`0x${h}`, h, `0X${h.toUpperCase()}`, ` ${h} `]) {
      for (const who of [alice, bob]) {
        const again = await file(who, spelling);
        expect(again.status, spelling).toBe(409);
        expect(again.body.error).toEqual({ code: "DUPLICATE_TX_HASH", message: "This transaction hash has already been submitted." });
      }
    }
    expect(await writes()).toEqual(before);
  });

  it("back one deposit under a race: of parallel claims in different spellings exactly one is created", async () => {
    const h = hex();
    const before = await rowCount(server.ctx.db, "deposits");
    const spellings = [`0x${h}`, h, h.toUpperCase(), `0x${h.toUpperCase()}`, `0X${h}`, h];
    const answers = await Promise.all(spellings.map((s, i) => file(i % 2 ? alice : bob, s)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await rowCount(server.ctx.db, "deposits")).toBe(before + 1);
  });

  it("that are malformed get a clear 400 and write nothing", async () => {
    const before = await writes();
    const bad = [
      "short",
      `0x${hex().slice(1)}`,
      `${hex()}a`,
      `0x${"g".repeat(64)}`,
      `0x 0x${hex()}`,
      `${hex().slice(0, 30)} ${hex().slice(30)}`,
      "",
      `00${hex()}`,
    ];
    for (const tx_hash of bad) {
      const res = await file(alice, tx_hash);
      expect(res.status, tx_hash).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.fields?.tx_hash ?? res.body.error.message).toMatch(/transaction hash/);
    }
    expect(await writes()).toEqual(before);
  });

  it("of a sent withdrawal are stored normalized too", async () => {
    await fund(server.ctx.db, admin, alice, "USDT", "5");
    const w = await postJson(server.url, alice.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "5",
      address: "0xabc0000000000000000000000000000000000001",
    });
    const h = hex();
    await approveAndBatch(server, [admin], w.body.withdrawal.id);
    const sent = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w.body.withdrawal.id}/sent`, { tx_hash: h.toUpperCase() });
    expect(sent.body.withdrawal.tx_hash).toBe(`0x${h}`);
    const bad = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w.body.withdrawal.id}/sent`, { tx_hash: "0x1234" });
    expect(bad.status).toBe(400);
  });

  it("show admins how many other deposits filed the same hash, and by whom the deposit was filed", async () => {
    const h = hex();
    const mine = await file(alice, h);
    await postJson(server.url, admin.token, `/api/admin/deposits/${mine.body.deposit.id}/reject`, { reason: "Not seen on chain" });
    const theirs = await file(bob, `0x${h.toUpperCase()}`);
    expect(theirs.status).toBe(201);
    const queue = await getJson(server.url, admin.token, "/api/admin/deposits?status=pending&page_size=100");
    adminDepositListResponse.parse(queue.body);
    const row = queue.body.deposits.find((d: { id: string }) => d.id === theirs.body.deposit.id);
    expect(row).toMatchObject({ user_id: bob.id, tx_hash: `0x${h}`, hash_claims: 1, duplicate_hash: false });
  });

  it("marked duplicate by the migration cannot be confirmed (409), credit nothing, and show as such to admins", async () => {
    const d = await file(alice, hex());
    await server.ctx.db.update(deposits).set({ duplicateHash: true }).where(eq(deposits.id, d.body.deposit.id));
    const confirmed = await postJson(server.url, admin.token, `/api/admin/deposits/${d.body.deposit.id}/confirm`);
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error).toEqual({
      code: "DUPLICATE_TX_HASH",
      message: "Another deposit already claims this transaction hash. Reject one of them.",
    });
    expect(await balance(server.ctx.db, alice.id, "USDT")).toBe("0.00000000");
    const [row] = await server.ctx.db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, d.body.deposit.id));
    expect(row!.status).toBe("pending");
    const queue = await getJson(server.url, admin.token, "/api/admin/deposits?status=pending&page_size=100");
    expect(queue.body.deposits.find((x: { id: string }) => x.id === d.body.deposit.id).duplicate_hash).toBe(true);
  });
});

describe("the hash migration (0015)", () => {
  it("normalizes existing hashes and keeps duplicates, marking all but the oldest live claim for admins", async () => {
    const db = server.ctx.db;
    const statements = readFileSync(new URL("../../drizzle/0015_normalized-deposit-hashes.sql", import.meta.url), "utf8").split(
      "--> statement-breakpoint",
    );
    // The store as it was before 0015: the old index on lower(tx_hash), no duplicate_hash column.
    await db.execute(sql`drop index "deposits_transfer_key"`);
    await db.execute(sql`alter table deposits drop column duplicate_hash`);
    await db.execute(sql`create unique index "deposits_tx_hash_key" on deposits (coin, lower(tx_hash)) where status <> 'rejected'`);
    const h = hex();
    const legacy = async (userId: string, txHashAsFiled: string, status: string, minutesAgo: number) => {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into deposits (user_id, coin, network, amount, tx_hash, status, created_at)
            values (${userId}, 'USDT', 'TRC20', 500, ${txHashAsFiled}, ${status}, now() - make_interval(mins => ${minutesAgo})) returning id`,
      );
      return row!.id;
    };
    // One 500 USDT transfer credited twice under the old rules (with and without 0x), and once rejected.
    const oldest = await legacy(alice.id, `0x${h.toUpperCase()}`, "confirmed", 30);
    const second = await legacy(bob.id, h, "confirmed", 20);
    const rejected = await legacy(alice.id, h.toUpperCase(), "rejected", 40);
    const odd = await legacy(alice.id, "LegacyHashABC123XYZ", "pending", 5);
    const [sent] = await db
      .insert(withdrawals)
      .values({
        userId: alice.id,
        coin: "USDT",
        network: "TRC20",
        amount: "1",
        address: "0xabc0000000000000000000000000000000000001",
        status: "sent",
        txHash: h.toUpperCase(),
      })
      .returning({ id: withdrawals.id });

    for (const statement of statements) await db.execute(sql.raw(statement));

    const rows = await db.select({ id: deposits.id, txHash: deposits.txHash, duplicateHash: deposits.duplicateHash }).from(deposits);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(oldest)).toMatchObject({ txHash: `0x${h}`, duplicateHash: false });
    expect(byId.get(second)).toMatchObject({ txHash: `0x${h}`, duplicateHash: true });
    expect(byId.get(rejected)).toMatchObject({ txHash: `0x${h}`, duplicateHash: false });
    expect(byId.get(odd)).toMatchObject({ txHash: "legacyhashabc123xyz", duplicateHash: false });
    const [withdrawal] = await db.select({ txHash: withdrawals.txHash }).from(withdrawals).where(eq(withdrawals.id, sent!.id));
    expect(withdrawal!.txHash).toBe(`0x${h}`);
    // Then 0022 widens the key to (network, hash, log index); the same transfer still cannot be filed again.
    await db.execute(sql`drop index "deposits_tx_hash_key"`);
    await db.execute(
      sql`create unique index "deposits_transfer_key" on deposits (coin, network, tx_hash, log_index) where status not in ('rejected', 'dropped') and not duplicate_hash`,
    );
    expect((await file(bob, h)).status).toBe(409);
  });
});
