import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { appeals, jobs, ledgerTransfers, notifications, orders } from "../db/schema.js";
import { balance, expectLedgerSound, getJson, postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { expireOrder } from "./expire-order.js";
import { windowsFrom } from "./order-windows.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  merchant = await merchantWithOffer(server);
});

const DEADLINE = { expire_acceptance: "accept_by", expire_payment: "pay_by", expire_confirmation: "confirm_by" } as const;

/** Moves the order's running window and its timer into the past, as if the clock had moved on. */
async function lapse(orderId: string, action: keyof typeof DEADLINE): Promise<void> {
  const db = server.ctx.db;
  await db.execute(sql`update orders set ${sql.identifier(DEADLINE[action])} = now() - interval '1 second' where id = ${orderId}`);
  await db.execute(sql`update jobs set run_at = now() - interval '1 second'
    where kind = ${`order.${action}`} and payload->>'order_id' = ${orderId} and done_at is null`);
}

const orderRow = async (id: string) => (await server.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const transfersOf = async (id: string) =>
  (await server.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, id))).map((t) => t.kind);
const timersOf = (id: string) =>
  server.ctx.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'order_id' = ${id}`);

describe("the acceptance window", () => {
  it("cancels an order nobody accepted and refunds the seller, telling both parties", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "pending" });
    const [timer] = await timersOf(id);
    const row = await orderRow(id);
    // The timer is a row due exactly at the order's deadline.
    expect(timer).toMatchObject({ kind: "order.expire_acceptance" });
    expect(timer!.runAt.getTime()).toBe(row.acceptBy!.getTime());
    expect(row.acceptBy!.getTime() - row.createdAt.getTime()).toBeCloseTo(server.ctx.config.ACCEPTANCE_WINDOW_SECONDS * 1000, -2);

    await lapse(id, "expire_acceptance");
    expect(await server.ctx.jobs.runDue()).toBeGreaterThan(0);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", isActive: false, closeReason: "acceptance window expired" });
    expect(await balance(server.ctx.db, user.id, "PI")).toBe("1000.00000000");
    for (const party of [user, merchant]) {
      const notes = await server.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, party.id), eq(notifications.type, "order_cancelled")));
      expect(notes.map((n) => n.message)).toEqual(["Your order has been cancelled"]);
    }
    await expectLedgerSound(server.ctx.db);
  });

  it("refuses an acceptance once the window has run out, even before the timer ran", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    await server.ctx.db.execute(sql`update orders set accept_by = now() - interval '1 second' where id = ${id}`);
    const res = await postJson(server.url, merchant.token, `/api/orders/${id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: "ORDER_CONFLICT", message: "The time to accept this order has run out." });
  });
});

describe("the payment window", () => {
  it("cancels a matched order the buyer did not pay and returns the escrow to the seller", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect(await balance(server.ctx.db, merchant.id, "PI")).toBe("990.00000000");
    const view = await getJson(server.url, user.token, `/api/orders/${id}`);
    expect(view.body.order.deadline).toEqual({ window: "payment", ends_at: (await orderRow(id)).payBy!.toISOString() });

    await server.ctx.db.execute(sql`update orders set pay_by = now() - interval '1 second' where id = ${id}`);
    const late = await postJson(server.url, user.token, `/api/orders/${id}/mark-paid`);
    expect(late.body.error.message).toBe("The payment window for this order has closed.");

    await lapse(id, "expire_payment");
    await server.ctx.jobs.runDue();
    expect((await orderRow(id)).status).toBe("cancelled");
    expect(await balance(server.ctx.db, merchant.id, "PI")).toBe("1000.00000000");
    await expectLedgerSound(server.ctx.db);
  });
});

describe("the confirmation window", () => {
  it("turns an unconfirmed payment into a dispute opened by the system, which an admin resolves", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    await lapse(id, "expire_confirmation");
    await server.ctx.jobs.runDue();
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "disputed", appellantId: null, isActive: true });
    const [appeal] = await server.ctx.db.select().from(appeals).where(eq(appeals.orderId, id));
    expect(appeal).toMatchObject({ openedBy: null, reason: "The seller did not confirm the payment within 30 minutes of it being marked as sent." });
    // Nobody can withdraw a dispute the timer opened; the admin decides.
    expect((await getJson(server.url, user.token, `/api/orders/${id}`)).body.order.allowed_actions).toEqual([]);
    const resolved = await postJson(server.url, admin.token, `/api/admin/orders/${id}/resolve`, { outcome: "release", reason: "Payment proven." });
    expect(resolved.body.order.status).toBe("completed");
    await expectLedgerSound(server.ctx.db);
  });

  it("is renewed when an appeal is withdrawn, so the old timer no longer fires", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "disputed" });
    await postJson(server.url, user.token, `/api/orders/${id}/withdraw-appeal`);
    const timers = (await timersOf(id)).filter((j) => j.kind === "order.expire_confirmation");
    expect(timers).toHaveLength(2);
    // The first timer comes due: its compare-and-set sees the renewed deadline and does nothing.
    await server.ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where id = ${timers[0]!.id}`);
    await server.ctx.jobs.runDue();
    expect((await orderRow(id)).status).toBe("in_progress");
  });
});

describe("late and duplicate timers", () => {
  it("do nothing once the order has moved on, and expire an order exactly once", async () => {
    const windows = windowsFrom(server.ctx.config);
    const done = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    await lapse(done, "expire_confirmation");
    expect(await expireOrder({ db: server.ctx.db, orderId: done, action: "expire_confirmation", windows })).toBeNull();
    expect(await expireOrder({ db: server.ctx.db, orderId: done, action: "expire_payment", windows })).toBeNull();
    expect((await orderRow(done)).status).toBe("completed");

    const open = await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "pending" });
    await lapse(open, "expire_acceptance");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => expireOrder({ db: server.ctx.db, orderId: open, action: "expire_acceptance", windows })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    await server.ctx.jobs.runDue();
    expect(await transfersOf(open)).toEqual(["escrow_lock", "escrow_refund"]);
    await expectLedgerSound(server.ctx.db);
  });

  it("never fire before the deadline", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    await server.ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where payload->>'order_id' = ${id}`);
    await server.ctx.jobs.runDue();
    expect((await orderRow(id)).status).toBe("pending");
  });
});
