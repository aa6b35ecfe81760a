import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { appeals, auditLog, orders, userRoles } from "../db/schema.js";
import { expectLedgerSound, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());

describe("resolving an appeal", () => {
  it("is refused to an admin who is a party to the order (a buyer promoted to admin), changing nothing; another admin resolves it, named in the audit log", async () => {
    const db = server.ctx.db;
    const buyer = await createSignedInUser(db, server.ctx.config.sessionSecret);
    const merchant = await createSignedInUser(db, server.ctx.config.sessionSecret, { role: "merchant" });
    await putOffer(db, merchant, "PI");
    const id = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "disputed" });
    await db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, buyer.id));
    const before = await Promise.all(["ledger_entries", "audit_log", "notifications", "events"].map((t) => rowCount(db, t)));

    const own = await postJson(server.url, buyer.token, `/api/admin/orders/${id}/resolve`, { outcome: "release", reason: "I paid, trust me." });
    expect(own.status).toBe(403);
    expect(own.body.error).toEqual({ code: "FORBIDDEN", message: "Another admin must resolve an appeal on an order you are part of." });
    expect(await Promise.all(["ledger_entries", "audit_log", "notifications", "events"].map((t) => rowCount(db, t)))).toEqual(before);
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe("disputed");
    const [appeal] = await db.select({ resolvedBy: appeals.resolvedBy }).from(appeals).where(eq(appeals.orderId, id));
    expect(appeal!.resolvedBy).toBeNull();

    const byOther = await postJson(server.url, admin.token, `/api/admin/orders/${id}/resolve`, { outcome: "refund", reason: "No payment arrived." });
    expect(byOther.status).toBe(200);
    const audits = await db
      .select({ actorId: auditLog.actorId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.actorId, admin.id)));
    expect(audits.length).toBeGreaterThan(0);
    await expectLedgerSound(db);
  });
});
