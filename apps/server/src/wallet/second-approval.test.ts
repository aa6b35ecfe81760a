import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { adminWithdrawalListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog } from "../db/schema.js";
import { balance, expectLedgerSound, fund, getJson, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";

/*
 * Every withdrawal is approved by an admin who is not its owner before it can be batched and paid;
 * above the coin's WITHDRAWAL_TWO_ADMINS_ABOVE amount, by two different admins (DESIGN §2).
 */

let server: TestServer;
let adminA: TestUser;
let adminB: TestUser;
let user: TestUser;

const ADDRESS = "0xabc0000000000000000000000000000000000001";
const NOT_APPROVED = {
  code: "CONFLICT",
  message: "This withdrawal is not approved yet: approve it and put it in a payout batch before marking it sent.",
};

beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_TWO_ADMINS_ABOVE: "USDT=10000,PI=500" });
  adminA = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  adminB = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});

const withdraw = async (who: TestUser, amount: string) => {
  await fund(server.ctx.db, who === adminA ? adminB : adminA, who, "USDT", amount);
  const res = await postJson(server.url, who.token, "/api/wallet/withdrawals", { coin: "USDT", network: "BEP20", amount, address: ADDRESS });
  expect(res.status).toBe(201);
  return res.body.withdrawal.id as string;
};
const approve = (who: TestUser, id: string) => postJson(server.url, who.token, `/api/admin/withdrawals/${id}/approve`);
const batch = (who: TestUser) => postJson(server.url, who.token, "/api/admin/payout-batches", { coin: "USDT", network: "BEP20" });
const markSent = (who: TestUser, id: string) => postJson(server.url, who.token, `/api/admin/withdrawals/${id}/sent`, { tx_hash: txHash() });
const inQueue = async (id: string) => {
  const res = await getJson(server.url, adminA.token, "/api/admin/withdrawals?page_size=100");
  adminWithdrawalListResponse.parse(res.body);
  return res.body.withdrawals.find((w: { id: string }) => w.id === id);
};
const moneyRows = () =>
  Promise.all(["withdrawals", "withdrawal_approvals", "payout_batches", "ledger_entries", "audit_log"].map((t) => rowCount(server.ctx.db, t)));

describe("a withdrawal above the coin's two-admin amount", () => {
  it("is approved only by two different admins; the first approval leaves it pending, unbatchable and unsendable; each approval names its admin in the audit log", async () => {
    const id = await withdraw(user, "15000");
    expect(await inQueue(id)).toMatchObject({ status: "pending", approvals_required: 2, approved_by: [] });

    let before = await moneyRows();
    const early = await markSent(adminA, id);
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual(NOT_APPROVED);
    expect(await moneyRows()).toEqual(before);

    expect((await approve(adminA, id)).body.withdrawal.status).toBe("pending");
    expect(await inQueue(id)).toMatchObject({ status: "pending", approvals_required: 2, approved_by: [adminA.id] });
    before = await moneyRows();
    const twice = await approve(adminA, id);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: "CONFLICT", message: "You have already approved this withdrawal. Another admin must approve it too." });
    expect((await markSent(adminA, id)).body.error).toEqual(NOT_APPROVED);
    expect((await batch(adminA)).status).toBe(409);
    expect(await moneyRows()).toEqual(before);
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("15000.00000000");

    const second = await approve(adminB, id);
    expect(second.status).toBe(200);
    expect(second.body.withdrawal.status).toBe("approved");
    expect(await inQueue(id)).toMatchObject({ status: "approved", approved_by: [adminA.id, adminB.id] });
    expect((await batch(adminA)).status).toBe(201);
    const sent = await markSent(adminA, id);
    expect(sent.status).toBe(200);
    expect(sent.body.withdrawal.status).toBe("sent");
    expect(await balance(server.ctx.db, user.id, "USDT", "withdrawing")).toBe("0.00000000");

    const audits = await server.ctx.db
      .select({ actorId: auditLog.actorId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.targetType, "withdrawal")))
      .orderBy(asc(auditLog.id));
    expect(audits.filter((a) => a.action !== "withdrawal.requested")).toEqual([
      { actorId: adminA.id, action: "withdrawal.approved" },
      { actorId: adminB.id, action: "withdrawal.approved" },
      { actorId: adminA.id, action: "withdrawal.sent" },
    ]);
    await expectLedgerSound(server.ctx.db);
  });

  it("is not approved by its owner, an admin (403, nothing written)", async () => {
    const id = await withdraw(adminA, "20000");
    const before = await moneyRows();
    const own = await approve(adminA, id);
    expect(own.status).toBe(403);
    expect(own.body.error).toEqual({ code: "FORBIDDEN", message: "Another admin must review your own request." });
    expect(await moneyRows()).toEqual(before);
  });

  it("counts one admin approving in parallel once", async () => {
    const id = await withdraw(user, "12000");
    const answers = await Promise.all([1, 2, 3, 4].map(() => approve(adminB, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await inQueue(id)).toMatchObject({ status: "pending", approved_by: [adminB.id] });
  });

  it("cannot be approved once it is no longer pending, and an unknown id is 404", async () => {
    const id = await withdraw(user, "11000");
    expect((await postJson(server.url, user.token, `/api/wallet/withdrawals/${id}/cancel`)).status).toBe(200);
    const late = await approve(adminA, id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("REQUEST_ALREADY_REVIEWED");
    expect((await approve(adminA, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await approve(adminA, "nope")).status).toBe(404);
    expect((await approve(user, id)).status).toBe(403);
  });
});

describe("a withdrawal at or below the amount", () => {
  it("is approved by one admin, after which its owner can no longer cancel it; an admin may still reject it until it is batched", async () => {
    const id = await withdraw(user, "10000");
    expect(await inQueue(id)).toMatchObject({ approvals_required: 1, approved_by: [] });
    const approved = await approve(adminA, id);
    expect(approved.body.withdrawal.status).toBe("approved");
    const again = await approve(adminB, id);
    expect(again.body.error).toEqual({ code: "REQUEST_ALREADY_REVIEWED", message: "This withdrawal is already approved." });
    const cancel = await postJson(server.url, user.token, `/api/wallet/withdrawals/${id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe("This withdrawal is already approved.");
    const rejected = await postJson(server.url, adminB.token, `/api/admin/withdrawals/${id}/reject`, { reason: "Sanctioned address" });
    expect(rejected.body.withdrawal.status).toBe("rejected");
    expect(await balance(server.ctx.db, user.id, "USDT")).toBe("10000.00000000");
    await expectLedgerSound(server.ctx.db);
  });

  it("is not marked sent before it is in a payout batch, and is not rejected once it is", async () => {
    const id = await withdraw(user, "50");
    expect((await approve(adminA, id)).status).toBe(200);
    const unbatched = await markSent(adminB, id);
    expect(unbatched.status).toBe(409);
    expect(unbatched.body.error.message).toBe("Put this approved withdrawal in a payout batch before marking it sent.");
    expect((await batch(adminB)).status).toBe(201);
    const before = await moneyRows();
    const rejected = await postJson(server.url, adminB.token, `/api/admin/withdrawals/${id}/reject`, { reason: "Too late" });
    expect(rejected.status).toBe(409);
    expect(rejected.body.error.message).toBe("This withdrawal is already in a payout batch for the signer; it can no longer be rejected.");
    expect(await moneyRows()).toEqual(before);
    expect((await markSent(adminB, id)).status).toBe(200);
    await expectLedgerSound(server.ctx.db);
  });
});
