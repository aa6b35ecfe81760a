import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog } from "../db/schema.js";
import { approveAndBatch, balance, depositBody, expectLedgerSound, fund, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let otherAdmin: TestUser;

const OWN_REQUEST = { code: "FORBIDDEN", message: "Another admin must review your own request." };
const ADDRESS = "0xabc0000000000000000000000000000000000001";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  otherAdmin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());

const moneyRows = () => Promise.all(["deposits", "withdrawals", "ledger_entries", "audit_log"].map((t) => rowCount(server.ctx.db, t)));
const auditActor = async (action: string, targetId: string) =>
  (
    await server.ctx.db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
  )[0]?.actorId;

describe("an admin's own deposit", () => {
  it("is neither confirmed nor rejected by that admin (403, nothing written); another admin confirms it, named in the audit log", async () => {
    const own = await postJson(server.url, admin.token, "/api/wallet/deposits", depositBody({ coin: "USDT", amount: "250000", tx_hash: txHash() }));
    expect(own.status).toBe(201);
    const id = own.body.deposit.id;
    const before = await moneyRows();

    const confirmed = await postJson(server.url, admin.token, `/api/admin/deposits/${id}/confirm`);
    expect(confirmed.status).toBe(403);
    expect(confirmed.body.error).toEqual(OWN_REQUEST);
    const rejected = await postJson(server.url, admin.token, `/api/admin/deposits/${id}/reject`, { reason: "mine" });
    expect(rejected.status).toBe(403);
    expect(await moneyRows()).toEqual(before);
    expect(await balance(server.ctx.db, admin.id, "USDT")).toBe("0.00000000");

    const byOther = await postJson(server.url, otherAdmin.token, `/api/admin/deposits/${id}/confirm`);
    expect(byOther.status).toBe(200);
    expect(await balance(server.ctx.db, admin.id, "USDT")).toBe("250000.00000000");
    expect(await auditActor("deposit.confirmed", id)).toBe(otherAdmin.id);
    await expectLedgerSound(server.ctx.db);
  });
});

describe("an admin's own withdrawal", () => {
  it("is neither approved, marked sent nor rejected by that admin (403, nothing written); another admin approves and pays it, named in the audit log", async () => {
    await fund(server.ctx.db, otherAdmin, admin, "USDT", "1000");
    const own = await postJson(server.url, admin.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "1000",
      address: ADDRESS,
    });
    expect(own.status).toBe(201);
    const id = own.body.withdrawal.id;
    const before = await moneyRows();

    const approved = await postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/approve`);
    expect(approved.status).toBe(403);
    expect(approved.body.error).toEqual(OWN_REQUEST);
    const sent = await postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/sent`, { tx_hash: txHash() });
    expect(sent.status).toBe(403);
    expect(sent.body.error).toEqual(OWN_REQUEST);
    const rejected = await postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/reject`, { reason: "mine" });
    expect(rejected.status).toBe(403);
    expect(await moneyRows()).toEqual(before);
    expect(await balance(server.ctx.db, admin.id, "USDT", "withdrawing")).toBe("1000.00000000");

    await approveAndBatch(server, [otherAdmin], id);
    const mineAgain = await postJson(server.url, admin.token, `/api/admin/withdrawals/${id}/sent`, { tx_hash: txHash() });
    expect(mineAgain.status).toBe(403);
    const byOther = await postJson(server.url, otherAdmin.token, `/api/admin/withdrawals/${id}/sent`, { tx_hash: txHash() });
    expect(byOther.status).toBe(200);
    expect(await auditActor("withdrawal.approved", id)).toBe(otherAdmin.id);
    expect(await auditActor("withdrawal.sent", id)).toBe(otherAdmin.id);
    await expectLedgerSound(server.ctx.db);
  });
});
