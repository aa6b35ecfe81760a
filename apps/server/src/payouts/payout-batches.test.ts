import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { payoutBatchListResponse, payoutBatchResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog, withdrawals } from "../db/schema.js";
import { expectLedgerSound, fund, getJson, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";

/* Approved withdrawals of one network go to the external signer as a batch: id, network, address, amount to send. */

let server: TestServer;
let admin: TestUser;
let user: TestUser;

const A = "0xabc0000000000000000000000000000000000001";
const B = "0xabc0000000000000000000000000000000000002";
const TRON = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  await fund(server.ctx.db, admin, user, "USDT", "1000");
});
afterAll(() => server.stop());

const withdraw = async (network: string, amount: string, address: string) => {
  const res = await postJson(server.url, user.token, "/api/wallet/withdrawals", { coin: "USDT", network, amount, address });
  expect(res.status).toBe(201);
  return res.body.withdrawal.id as string;
};
const approve = async (id: string) => expect((await postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/approve`)).status).toBe(200);
const batch = (network: string) => postJson(server.url, admin.token, "/api/admin/payout-batches", { coin: "USDT", network });

describe("a payout batch", () => {
  it("never puts one withdrawal in two batches when two admins batch the network at the same moment", async () => {
    const other = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
    const ids = [await withdraw("ERC20", "11", A), await withdraw("ERC20", "12", B), await withdraw("ERC20", "13", A)];
    for (const id of ids) await approve(id);
    const answers = await Promise.all(
      [admin, other].map((who) => postJson(server.url, who.token, "/api/admin/payout-batches", { coin: "USDT", network: "ERC20" })),
    );
    // Each answer is a batch (201) or "nothing to batch" (409), never a 500; between them they hold each withdrawal once.
    expect(answers.map((a) => a.status).every((s) => s === 201 || s === 409)).toBe(true);
    const batched = answers.filter((a) => a.status === 201).reduce((sum, a) => sum + (a.body.batch.item_count as number), 0);
    expect(batched).toBe(3);
    const rows = await server.ctx.db.select({ batchId: withdrawals.batchId }).from(withdrawals).where(eq(withdrawals.network, "ERC20"));
    expect(rows.every((r) => r.batchId !== null)).toBe(true);
  });

  it("takes exactly the network's approved withdrawals not yet batched, with what each address receives, audited", async () => {
    const first = await withdraw("BEP20", "10", A);
    const second = await withdraw("BEP20", "20.5", B);
    const pending = await withdraw("BEP20", "30", A);
    const otherNetwork = await withdraw("TRC20", "40", TRON);
    for (const id of [first, second, otherNetwork]) await approve(id);

    const created = await batch("BEP20");
    expect(created.status).toBe(201);
    expect(created.body.batch).toMatchObject({
      coin: "USDT",
      network: "BEP20",
      created_by: admin.id,
      item_count: 2,
      total: "29.50000000",
      unpaid: 2,
    });
    const id = created.body.batch.id;

    const one = await getJson(server.url, admin.token, `/api/admin/payout-batches/${id}`);
    payoutBatchResponse.parse(one.body);
    expect(one.body.items).toEqual([
      { withdrawal_id: first, network: "BEP20", address: A, amount: "9.50000000", status: "approved", tx_hash: null },
      { withdrawal_id: second, network: "BEP20", address: B, amount: "20.00000000", status: "approved", tx_hash: null },
    ]);
    const rows = await server.ctx.db.select({ id: withdrawals.id, batchId: withdrawals.batchId }).from(withdrawals);
    expect(
      rows
        .filter((r) => r.batchId === id)
        .map((r) => r.id)
        .sort(),
    ).toEqual([first, second].sort());
    expect(rows.find((r) => r.id === pending)!.batchId).toBeNull();
    expect(rows.find((r) => r.id === otherNetwork)!.batchId).toBeNull();
    const [audit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payout_batch.created"), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "payout_batch" });

    const again = await batch("BEP20");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("No approved USDT withdrawals on BNB Smart Chain (BEP20) are waiting for a payout batch.");
    const list = await getJson(server.url, admin.token, "/api/admin/payout-batches");
    payoutBatchListResponse.parse(list.body);
    expect(list.body.batches.map((b: { id: string }) => b.id)).toContain(id);
    await expectLedgerSound(server.ctx.db);
  });

  it("downloads as JSON and CSV holding only id, network, address and amount for the signer", async () => {
    const w = await withdraw("TRC20", "5.5", TRON);
    await approve(w);
    const id = (await batch("TRC20")).body.batch.id;

    const csv = await call(server.url, admin.token, `/api/admin/payout-batches/${id}/items.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="payout-batch-${id}.csv"`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("id,network,address,amount");
    expect(lines).toContain(`${w},TRC20,${TRON},4.50000000`);

    const json = await call(server.url, admin.token, `/api/admin/payout-batches/${id}/items.json`);
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="payout-batch-${id}.json"`);
    const body = payoutBatchResponse.parse(await json.json());
    expect(body.items.find((i) => i.withdrawal_id === w)).toEqual({
      withdrawal_id: w,
      network: "TRC20",
      address: TRON,
      amount: "4.50000000",
      status: "approved",
      tx_hash: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/user|key|secret/i);

    expect((await call(server.url, admin.token, "/api/admin/payout-batches/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(server.url, user.token, `/api/admin/payout-batches/${id}/items.csv`)).status).toBe(403);
  });

  it("refuses a network the coin does not have (400) and writes nothing", async () => {
    const before = await rowCount(server.ctx.db, "payout_batches");
    const res = await batch("SOLANA");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("UNKNOWN_NETWORK");
    expect(await rowCount(server.ctx.db, "payout_batches")).toBe(before);
  });
});

describe("marking a batched withdrawal sent on a network this server does not verify", () => {
  it("takes the admin's hash as final; the same hash for another withdrawal is 409 DUPLICATE_TX_HASH, nothing written", async () => {
    const w1 = await withdraw("TRC20", "3", TRON);
    const w2 = await withdraw("TRC20", "4", TRON);
    await approve(w1);
    await approve(w2);
    expect((await batch("TRC20")).status).toBe(201);
    const hash = txHash();
    const sent = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w1}/sent`, { tx_hash: hash.toUpperCase().replace("0X", "") });
    expect(sent.status).toBe(200);
    expect(sent.body.withdrawal).toMatchObject({
      status: "sent",
      tx_hash: hash,
      explorer_url: `https://tronscan.org/#/transaction/${hash.slice(2)}`,
    });
    const before = await Promise.all(["withdrawals", "ledger_entries", "audit_log"].map((t) => rowCount(server.ctx.db, t)));
    const reused = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w2}/sent`, { tx_hash: hash });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toEqual({ code: "DUPLICATE_TX_HASH", message: "This transaction hash already pays another withdrawal." });
    expect(await Promise.all(["withdrawals", "ledger_entries", "audit_log"].map((t) => rowCount(server.ctx.db, t)))).toEqual(before);
    const twice = await postJson(server.url, admin.token, `/api/admin/withdrawals/${w1}/sent`, { tx_hash: txHash() });
    expect(twice.body.error).toEqual({ code: "REQUEST_ALREADY_REVIEWED", message: "This withdrawal is already sent." });
    await expectLedgerSound(server.ctx.db);
  });
});
