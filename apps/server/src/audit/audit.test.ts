import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditLogResponse } from "@p2p/shared";
import { auditLog, notifications, users } from "../db/schema.js";
import { pgError } from "../db/transact.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, fund, getJson, payOut, postJson, putOffer, tradeTo, txHash } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
const newUser = (role?: "user" | "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role });
const log = async (query: string) => {
  const res = await getJson(server.url, admin.token, `/api/admin/audit-log${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return auditLogResponse.parse(res.body);
};
const notesOf = (userId: string) => server.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  server = await startTestServer();
  admin = await newUser("admin");
});
afterAll(() => server.stop());

describe("the audit_log table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const target = await newUser();
    await postJson(server.url, admin.token, `/api/admin/users/${target.id}/role`, { role: "merchant" });
    const [row] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    for (const statement of [
      sql`update audit_log set action = 'tampered' where id = ${row!.id}`,
      sql`update audit_log set actor_id = null where id = ${row!.id}`,
      sql`delete from audit_log where id = ${row!.id}`,
      sql`truncate audit_log`,
    ]) {
      const err = await server.ctx.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgError(err)?.code).toBe("42501");
    }
    const [after] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toEqual(row);
  });

  it("keeps an admin's rows when the account is deleted, only forgetting who acted", async () => {
    const gone = await newUser("admin");
    const target = await newUser();
    await postJson(server.url, gone.token, `/api/admin/users/${target.id}/role`, { role: "merchant" });
    await server.ctx.db.delete(users).where(eq(users.id, gone.id));
    const [row] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(row).toMatchObject({ actorId: null, action: "user.role_changed", data: { from: "user", to: "merchant" } });
  });
});

describe("every admin action writes the audit log and tells the person it concerns", () => {
  it("deposits, withdrawals, coins and appeal resolutions", async () => {
    const user = await newUser();
    const confirmDeposit = await postJson(
      server.url,
      user.token,
      "/api/wallet/deposits",
      depositBody({ coin: "USDT", amount: "12.5", tx_hash: txHash() }),
    );
    const rejectDeposit = await postJson(
      server.url,
      user.token,
      "/api/wallet/deposits",
      depositBody({ coin: "USDT", amount: "3", tx_hash: txHash() }),
    );
    expect((await postJson(server.url, admin.token, `/api/admin/deposits/${confirmDeposit.body.deposit.id}/confirm`)).status).toBe(200);
    expect(
      (await postJson(server.url, admin.token, `/api/admin/deposits/${rejectDeposit.body.deposit.id}/reject`, { reason: "No such transaction" }))
        .status,
    ).toBe(200);
    const w1 = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "2",
      address: "0xabc0000000000000000000000000000000000001",
    });
    const w2 = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "1",
      address: "0xabc0000000000000000000000000000000000001",
    });
    expect((await payOut(server, [admin], w1.body.withdrawal.id)).status).toBe(200);
    expect(
      (await postJson(server.url, admin.token, `/api/admin/withdrawals/${w2.body.withdrawal.id}/reject`, { reason: "Address on a sanctions list" }))
        .status,
    ).toBe(200);
    expect((await call(server.url, admin.token, "/api/admin/coins/CORE", { method: "PATCH", body: { listed: false } })).status).toBe(200);

    const merchant = await newUser("merchant");
    await putOffer(server.ctx.db, merchant, "PI");
    const disputed = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "disputed" });
    expect(
      (await postJson(server.url, admin.token, `/api/admin/orders/${disputed}/resolve`, { outcome: "refund", reason: "No payment arrived" })).status,
    ).toBe(200);

    const mine = await log(`?actor=${admin.username}&page_size=100`);
    const actions = mine.entries.map((e) => e.action);
    for (const action of [
      "deposit.confirmed",
      "deposit.rejected",
      "withdrawal.approved",
      "payout_batch.created",
      "withdrawal.sent",
      "withdrawal.rejected",
      "coin.updated",
      "order.resolve_refund",
    ]) {
      expect(actions).toContain(action);
    }
    const aboutUser = await log(`?target=${user.username}&action=withdrawal.&page_size=100`);
    expect(aboutUser.entries.map((e) => e.action).sort()).toEqual(["withdrawal.approved", "withdrawal.rejected", "withdrawal.sent"]);
    expect(aboutUser.entries[0]!.target_username).toBe(user.username);

    const titles = (await notesOf(user.id)).map((n) => `${n.type}:${n.title}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        "admin_feedback:Deposit Confirmed",
        "admin_feedback:Deposit Rejected",
        "admin_feedback:Withdrawal Sent",
        "admin_feedback:Withdrawal Rejected",
        "admin_feedback:Appeal Resolved",
      ]),
    );
    const rejected = (await notesOf(user.id)).find((n) => n.title === "Deposit Rejected")!;
    expect(rejected.message).toBe("Your deposit of 3 USDT was rejected. Reason: No such transaction");
    await call(server.url, admin.token, "/api/admin/coins/CORE", { method: "PATCH", body: { listed: true } });
    await fund(server.ctx.db, admin, user, "PI", "1");
  });
});

describe("GET /api/admin/audit-log", () => {
  it("is for admins only", async () => {
    expect((await getJson(server.url, null, "/api/admin/audit-log")).status).toBe(401);
    expect((await getJson(server.url, (await newUser()).token, "/api/admin/audit-log")).status).toBe(403);
    expect((await getJson(server.url, (await newUser("merchant")).token, "/api/admin/audit-log")).status).toBe(403);
  });

  it("pages newest first and filters by action, actor, target and day", async () => {
    const other = await newUser("admin");
    const a = await newUser();
    const b = await newUser();
    await postJson(server.url, admin.token, `/api/admin/users/${a.id}/role`, { role: "merchant" });
    await postJson(server.url, other.token, `/api/admin/users/${b.id}/role`, { role: "merchant" });
    await postJson(server.url, other.token, `/api/admin/users/${b.id}/suspend`, { reason: "Spam offers" });

    const newest = await log("?page_size=2");
    expect(newest.entries).toHaveLength(2);
    expect(newest.entries[0]).toMatchObject({
      action: "user.suspended",
      actor: { id: other.id, username: other.username },
      target_id: b.id,
      target_username: b.username,
    });
    expect(newest.entries[0]!.data).toMatchObject({ reason: "Spam offers" });
    const page2 = await log("?page_size=2&page=2");
    expect(page2.total).toBe(newest.total);
    expect(page2.entries[0]!.created_at <= newest.entries[1]!.created_at).toBe(true);

    expect((await log(`?actor=${other.id}`)).entries.map((e) => e.action)).toEqual(["user.suspended", "user.role_changed"]);
    expect((await log(`?actor=${other.username.toUpperCase()}&action=user.role_changed`)).entries.map((e) => e.target_id)).toEqual([b.id]);
    expect((await log(`?target=${a.username}`)).entries.map((e) => e.action)).toEqual(["user.role_changed"]);
    expect((await log("?action=user.")).entries.every((e) => e.action.startsWith("user."))).toBe(true);
    expect((await log("?actor=nobody_here")).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}&actor=${other.id}`)).total).toBe(2);
    expect((await log(`?to=2020-01-01`)).total).toBe(0);
    expect((await log(`?from=2999-01-01`)).total).toBe(0);
  });

  it("answers bad filters with a 400", async () => {
    for (const query of ["?from=yesterday", "?from=2026-02-30", "?to=2026-13-01", "?from=2026-03-02&to=2026-03-01", "?page=0", "?colour=red"]) {
      const res = await getJson(server.url, admin.token, `/api/admin/audit-log${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
  });
});
