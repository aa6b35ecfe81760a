import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { adminUserDetailResponse, suspendUserResponse } from "@p2p/shared";
import { appeals, auditLog, chatMessages, notifications, offers, orders, sessions, userRoles, users } from "../db/schema.js";
import { verifyLedger } from "../ledger/verify-ledger.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { signedInClient } from "../../test/accounts.js";
import { TestClient } from "../../test/client.js";
import { balance, getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { duplicateEffectProblems } from "../../test/adversarial/acknowledged-data.js";

let server: TestServer;
let admin: TestUser;
const newUser = (role?: "user" | "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role });
const roleOf = async (id: string) => (await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, id)))[0]!.role;
const auditOf = (targetId: string) => server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const notesOf = (userId: string) => server.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  server = await startTestServer();
  admin = await newUser("admin");
});
afterAll(() => server.stop());

describe("admin user endpoints: who may call them", () => {
  it("answer 401 signed out and 403 to users and merchants, writing nothing", async () => {
    const target = await newUser();
    const before = await rowCount(server.ctx.db, "audit_log");
    for (const caller of [null, await newUser(), await newUser("merchant")]) {
      const token = caller?.token ?? null;
      const status = caller ? 403 : 401;
      expect((await getJson(server.url, token, `/api/admin/users/${target.id}`)).status).toBe(status);
      expect((await postJson(server.url, token, `/api/admin/users/${target.id}/role`, { role: "admin" })).status).toBe(status);
      expect((await postJson(server.url, token, `/api/admin/users/${target.id}/suspend`, { reason: "Because" })).status).toBe(status);
      expect((await postJson(server.url, token, `/api/admin/users/${target.id}/restore`)).status).toBe(status);
    }
    expect(await roleOf(target.id)).toBe("user");
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(before);
  });

  it("answer 404 for unknown or malformed ids and 400 for bad input", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "nope"]) {
      expect((await getJson(server.url, admin.token, `/api/admin/users/${id}`)).status).toBe(404);
      expect((await postJson(server.url, admin.token, `/api/admin/users/${id}/role`, { role: "merchant" })).status).toBe(404);
      expect((await postJson(server.url, admin.token, `/api/admin/users/${id}/suspend`, { reason: "Fraud report" })).status).toBe(404);
    }
    const target = await newUser();
    const before = await rowCount(server.ctx.db, "audit_log");
    const bad = await postJson(server.url, admin.token, `/api/admin/users/${target.id}/role`, { role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("Choose user, merchant or admin");
    expect((await postJson(server.url, admin.token, `/api/admin/users/${target.id}/suspend`, {})).status).toBe(400);
    expect((await postJson(server.url, admin.token, `/api/admin/users/${target.id}/suspend`, { reason: "x" })).status).toBe(400);
    expect((await postJson(server.url, admin.token, `/api/admin/users/${target.id}/restore`, { why: 1 })).status).toBe(400);
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(before);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, target.id)))[0]!.suspendedAt).toBeNull();
  });
});

describe("GET /api/admin/users/:id", () => {
  it("shows the profile, role, balances, open orders and recent orders", async () => {
    const merchant = await newUser("merchant");
    const user = await newUser();
    await putOffer(server.ctx.db, merchant, "PI");
    const parties = { admin, user, merchant };
    const done = await tradeTo(server, parties, { side: "buy", status: "completed" });
    const open = await tradeTo(server, parties, { side: "buy", status: "matched" });
    const res = await getJson(server.url, admin.token, `/api/admin/users/${merchant.id}`);
    expect(res.status).toBe(200);
    const detail = adminUserDetailResponse.parse(res.body);
    expect(detail.user).toMatchObject({ id: merchant.id, username: merchant.username, role: "merchant", suspended: false, suspension_reason: null });
    expect(detail.open_orders).toBe(1);
    expect(detail.recent_orders.map((o) => o.id)).toEqual([open, done]);
    expect(detail.recent_orders[0]).toMatchObject({ relation: "merchant", status: "matched" });
    const pi = detail.balances.find((b) => b.coin === "PI")!;
    expect(pi.in_escrow).toBe(
      (await getJson(server.url, merchant.token, "/api/wallet")).body.balances.find((b: { coin: string }) => b.coin === "PI").in_escrow,
    );
  });
});

describe("POST /api/admin/users/:id/role", () => {
  it("changes the role with an audit row and a notice to the person; a merchant no longer a merchant goes offline", async () => {
    const merchant = await newUser("merchant");
    await putOffer(server.ctx.db, merchant, "PI");
    const res = await postJson(server.url, admin.token, `/api/admin/users/${merchant.id}/role`, { role: "user" });
    expect(res.status).toBe(200);
    expect(await roleOf(merchant.id)).toBe("user");
    expect((await server.ctx.db.select().from(offers).where(eq(offers.merchantId, merchant.id)))[0]!.online).toBe(false);
    const [audit] = await auditOf(merchant.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "user.role_changed",
      targetType: "user",
      data: { from: "merchant", to: "user", offers_taken_offline: 1 },
    });
    const [note] = await notesOf(merchant.id);
    expect(note).toMatchObject({ type: "admin_feedback", title: "Account Role Changed" });
    // The same session now answers with the new role.
    expect((await getJson(server.url, merchant.token, "/api/auth/session")).body.user.role).toBe("user");

    const again = await postJson(server.url, admin.token, `/api/admin/users/${merchant.id}/role`, { role: "user" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This account is already a user.");
  });

  it("never lets an admin change their own role, nor two admins demote each other down to none", async () => {
    const self = await postJson(server.url, admin.token, `/api/admin/users/${admin.id}/role`, { role: "user" });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe("You cannot change your own role.");
    expect(await roleOf(admin.id)).toBe("admin");

    const a = await newUser("admin");
    const b = await newUser("admin");
    const [ab, ba] = await Promise.all([
      postJson(server.url, a.token, `/api/admin/users/${b.id}/role`, { role: "user" }),
      postJson(server.url, b.token, `/api/admin/users/${a.id}/role`, { role: "user" }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 403]);
    expect([await roleOf(a.id), await roleOf(b.id)].sort()).toEqual(["admin", "user"]);
  });
});

describe("POST /api/admin/users/:id/suspend and /restore", () => {
  it("refuses sign-in with a clear message and ends every session at once: access, refresh and a second device", async () => {
    const { client, userId, input } = await signedInClient(server);
    const second = new TestClient(server.url);
    expect((await second.post("/api/auth/sign-in", { email: input.email, password: input.password })).status).toBe(200);

    const res = await postJson(server.url, admin.token, `/api/admin/users/${userId}/suspend`, { reason: "Reported for fraud" });
    expect(res.status).toBe(200);
    expect((await client.get("/api/auth/session")).status).toBe(200);
    expect(await (await client.get("/api/auth/session")).json()).toEqual({ user: null });
    expect((await client.get("/api/wallet")).status).toBe(401);
    expect((await client.post("/api/auth/refresh", {})).status).toBe(401);
    expect((await second.post("/api/auth/refresh", {})).status).toBe(401);
    expect(
      await server.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    ).toEqual([]);

    const signIn = await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: input.password });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).error).toEqual({ code: "ACCOUNT_SUSPENDED", message: "Your account has been suspended. Contact support." });

    const detail = adminUserDetailResponse.parse((await getJson(server.url, admin.token, `/api/admin/users/${userId}`)).body);
    expect(detail.user).toMatchObject({ suspended: true, suspension_reason: "Reported for fraud" });
    const [audit] = await auditOf(userId);
    expect(audit).toMatchObject({ actorId: admin.id, action: "user.suspended", data: { reason: "Reported for fraud" } });
    expect((await notesOf(userId))[0]).toMatchObject({ type: "admin_feedback", title: "Account Suspended" });

    const twice = await postJson(server.url, admin.token, `/api/admin/users/${userId}/suspend`, { reason: "Again" });
    expect(twice.status).toBe(409);

    const restored = await postJson(server.url, admin.token, `/api/admin/users/${userId}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.user.suspended).toBe(false);
    expect((await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: input.password })).status).toBe(200);
    expect((await auditOf(userId)).map((r) => r.action).sort()).toEqual(["user.restored", "user.suspended"]);
    expect((await postJson(server.url, admin.token, `/api/admin/users/${userId}/restore`)).status).toBe(409);
  });

  it("an admin cannot suspend themselves", async () => {
    const res = await postJson(server.url, admin.token, `/api/admin/users/${admin.id}/suspend`, { reason: "Testing" });
    expect(res.status).toBe(403);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, admin.id)))[0]!.suspendedAt).toBeNull();
  });

  it("a suspended merchant goes offline; unpaid orders are cancelled with escrow refunded, paid ones go to appeal; the ledger stays balanced", async () => {
    const merchant = await newUser("merchant");
    const alice = await newUser();
    const bob = await newUser();
    await putOffer(server.ctx.db, merchant, "PI");
    await putOffer(server.ctx.db, merchant, "USDT");
    const pending = await tradeTo(server, { admin, user: alice, merchant }, { side: "buy", status: "pending" });
    const matchedBuy = await tradeTo(server, { admin, user: alice, merchant }, { side: "buy", status: "matched" });
    const matchedSell = await tradeTo(server, { admin, user: bob, merchant }, { side: "sell", status: "matched" });
    const paid = await tradeTo(server, { admin, user: bob, merchant }, { side: "buy", status: "in_progress" });
    const disputed = await tradeTo(server, { admin, user: alice, merchant }, { side: "buy", status: "disputed" });
    const merchantPi = await balance(server.ctx.db, merchant.id, "PI");
    const bobPi = await balance(server.ctx.db, bob.id, "PI");
    const bobNotesOnPaid = (await notesOf(bob.id)).filter((n) => n.orderId === paid).length;

    const res = await postJson(server.url, admin.token, `/api/admin/users/${merchant.id}/suspend`, { reason: "Chargebacks" });
    expect(res.status).toBe(200);
    expect(suspendUserResponse.parse(res.body)).toEqual({ orders_cancelled: 3, orders_disputed: 1, offers_taken_offline: 2 });

    const statusOf = async (id: string) => (await server.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await statusOf(pending)).toBe("cancelled");
    expect(await statusOf(matchedBuy)).toBe("cancelled");
    expect(await statusOf(matchedSell)).toBe("cancelled");
    expect(await statusOf(paid)).toBe("disputed");
    expect(await statusOf(disputed)).toBe("disputed");
    // The merchant's locked coins (the matched buy) and bob's (his matched sell) came back.
    expect(BigInt((await balance(server.ctx.db, merchant.id, "PI")).replace(".", ""))).toBeGreaterThan(BigInt(merchantPi.replace(".", "")));
    expect(BigInt((await balance(server.ctx.db, bob.id, "PI")).replace(".", ""))).toBeGreaterThan(BigInt(bobPi.replace(".", "")));
    expect(await verifyLedger(server.ctx.db)).toEqual([]);
    expect((await server.ctx.db.select().from(offers).where(eq(offers.merchantId, merchant.id))).every((o) => !o.online)).toBe(true);
    // The counterparties were told: the system cancelled, so each party of each order hears of it.
    for (const [user, orderId] of [
      [alice, pending],
      [alice, matchedBuy],
      [bob, matchedSell],
    ] as const) {
      expect((await notesOf(user.id)).filter((n) => n.type === "order_cancelled" && n.orderId === orderId)).toHaveLength(1);
    }
    expect((await notesOf(bob.id)).some((n) => n.type === "order_update")).toBe(true);
    // Nobody cancelled in anyone's name: no actor on the audit row, and the chat says why.
    const [cancelAudit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, matchedBuy), eq(auditLog.action, "order.cancel")));
    expect(cancelAudit!.actorId).toBeNull();
    const chat = await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.orderId, matchedBuy));
    expect(chat.map((m) => m.content)).toContain(
      "The order was cancelled by the admin. Reason: The seller's account was suspended before the payment was marked as sent.",
    );
    // The paid order's appeal is the system's too: no appellant (nobody can withdraw it), no actor, the reason in the chat.
    const [appeal] = await server.ctx.db.select().from(appeals).where(eq(appeals.orderId, paid));
    expect(appeal!.openedBy).toBeNull();
    expect(appeal!.reason).toBe("The seller's account was suspended after the payment was marked as sent; an admin will decide this order.");
    expect((await server.ctx.db.select().from(orders).where(eq(orders.id, paid)))[0]!.appellantId).toBeNull();
    const [appealAudit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, paid), eq(auditLog.action, "order.open_appeal")));
    expect(appealAudit!.actorId).toBeNull();
    // The crash-safety suite's check tells this appeal from the confirmation timer's.
    expect((await duplicateEffectProblems(server.ctx.db)).filter((p) => p.includes(paid))).toEqual([]);
    expect((await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.orderId, paid))).map((m) => m.content)).toContain(
      `The admin opened an appeal. Reason: ${appeal!.reason}`,
    );
    expect((await notesOf(bob.id)).filter((n) => n.orderId === paid)).toHaveLength(bobNotesOnPaid + 1);
    expect((await postJson(server.url, bob.token, `/api/orders/${paid}/withdraw-appeal`)).status).toBe(403);
    // The suspended merchant cannot trade any more.
    expect((await postJson(server.url, merchant.token, `/api/orders/${paid}/confirm-payment`)).status).toBe(401);
    // The admin resolves the paid order from the appeal queue.
    const resolved = await postJson(server.url, admin.token, `/api/admin/orders/${paid}/resolve`, {
      outcome: "refund",
      reason: "Seller suspended; buyer never paid",
    });
    expect(resolved.status).toBe(200);
    expect(await verifyLedger(server.ctx.db)).toEqual([]);
  });
});
