import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { badgesResponse, marketplaceResponse, orderListResponse, orderResponse, statusNotice, transactionHistoryResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog, chatMessages, notifications, profiles, transactionHistory } from "../db/schema.js";
import { balance, expectLedgerSound, fund, getJson, postJson, putOffer, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

const secret = () => server.ctx.config.sessionSecret;
const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await merchantWithOffer(server);
  await putOffer(server.ctx.db, merchant, "SIDRA");
});

const act = (who: TestUser, id: string, action: string, body?: unknown) => postJson(server.url, who.token, `/api/orders/${id}/${action}`, body);
const noticesOf = (userId: string, orderId: string) =>
  server.ctx.db
    .select({ message: notifications.message, type: notifications.type, title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.orderId, orderId)))
    .orderBy(asc(notifications.createdAt));

describe("a user buys from a merchant", () => {
  it("goes pending → matched → in progress → completed, locking the merchant's coins at acceptance and releasing them to the user", async () => {
    const db = server.ctx.db;
    await fund(db, admin, merchant, "PI", "100");

    const created = await postJson(server.url, user.token, "/api/orders", {
      merchant_id: merchant.id,
      coin: "PI",
      side: "buy",
      naira_amount: "12500",
    });
    expect(created.status).toBe(201);
    orderResponse.parse(created.body);
    const order = created.body.order;
    expect(order).toMatchObject({
      status: "pending",
      current_step: 1,
      side: "buy",
      my_side: "buy",
      price: "1000.00",
      naira_amount: "12500.00",
      coin_amount: "12.50000000",
      escrow_locked: false,
      allowed_actions: ["cancel"],
      payment_details: { bank_name: "Zenith Bank", account_number: "0123456789", account_name: "Merchant Ventures" },
    });
    expect(order.deadline.window).toBe("acceptance");
    expect(await balance(db, merchant.id, "PI")).toBe("100.00000000");

    const merchantView = await getJson(server.url, merchant.token, `/api/orders/${order.id}`);
    expect(merchantView.body.order.allowed_actions.sort()).toEqual(["accept", "cancel"]);

    const accepted = await act(merchant, order.id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.order).toMatchObject({ status: "matched", current_step: 2, escrow_locked: true, allowed_actions: [] });
    expect(accepted.body.order.deadline.window).toBe("payment");
    expect(await balance(db, merchant.id, "PI")).toBe("87.50000000");

    const buyerView = await getJson(server.url, user.token, `/api/orders/${order.id}`);
    expect(buyerView.body.order.allowed_actions.sort()).toEqual(["cancel", "mark_paid"]);

    const paid = await act(user, order.id, "mark-paid");
    expect(paid.body.order).toMatchObject({ status: "in_progress", current_step: 3, allowed_actions: ["open_appeal"] });
    expect(paid.body.order.deadline.window).toBe("confirmation");

    const confirmed = await act(merchant, order.id, "confirm-payment");
    expect(confirmed.status).toBe(200);
    orderResponse.parse(confirmed.body);
    expect(confirmed.body.order).toMatchObject({ status: "completed", current_step: 5, is_active: false, deadline: null, can_rate: true });
    expect(await balance(db, user.id, "PI")).toBe("12.50000000");
    expect(await balance(db, merchant.id, "PI")).toBe("87.50000000");

    const history = await db.select().from(transactionHistory).where(eq(transactionHistory.orderId, order.id));
    expect(history.map((h) => [h.userId, h.transactionType, h.amount, h.totalAmount, h.status]).sort()).toEqual(
      [
        [user.id, "buy", "12.50000000", "12500.00", "completed"],
        [merchant.id, "sell", "12.50000000", "12500.00", "completed"],
      ].sort(),
    );
    const trades = await db.select({ id: profiles.id, n: profiles.totalTrades }).from(profiles);
    expect(trades.find((p) => p.id === user.id)?.n).toBe(1);
    expect(trades.find((p) => p.id === merchant.id)?.n).toBe(1);
    await expectLedgerSound(db);
  });

  it("notifies the participants other than the actor with the spec's notices, and writes system chat messages and audit rows", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    // The merchant hears of creation and payment; the user of acceptance and completion.
    expect(await noticesOf(merchant.id, id)).toEqual([
      { message: statusNotice("pending"), type: "order_update", title: "Order Update" },
      { message: statusNotice("in_progress"), type: "order_update", title: "Order Update" },
    ]);
    expect(await noticesOf(user.id, id)).toEqual([
      { message: statusNotice("matched"), type: "order_update", title: "Order Update" },
      { message: statusNotice("completed"), type: "order_completed", title: "Order Completed" },
    ]);
    const chat = await server.ctx.db.select().from(chatMessages).where(eq(chatMessages.orderId, id)).orderBy(asc(chatMessages.createdAt));
    expect(chat.map((m) => [m.kind, m.senderId])).toEqual(Array(4).fill(["system", null]));
    expect(chat[1]!.content).toContain("Your trade has progressed to step 2 of 5");
    const audit = await server.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["order.accept", "order.confirm_payment", "order.create", "order.mark_paid"]);
  });

  it("accepts the amount in coins, pricing it in naira rounded to the kobo", async () => {
    await fund(server.ctx.db, admin, merchant, "PI", "10");
    const res = await postJson(server.url, user.token, "/api/orders", { merchant_id: merchant.id, coin: "PI", side: "buy", coin_amount: "1.234567" });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ coin_amount: "1.23456700", naira_amount: "1234.57" });
  });

  it("refuses the acceptance when a withdrawal took the merchant's coins after the order, leaving the order pending", async () => {
    await fund(server.ctx.db, admin, merchant, "PI", "5");
    const created = await postJson(server.url, user.token, "/api/orders", {
      merchant_id: merchant.id,
      coin: "PI",
      side: "buy",
      naira_amount: "5000",
    });
    expect(created.status).toBe(201);
    const withdrawal = { coin: "PI", network: "Pi", amount: "5", address: "0xabc0000000000000000000000000000000000001" };
    expect((await postJson(server.url, merchant.token, "/api/wallet/withdrawals", withdrawal)).status).toBe(201);
    const res = await act(merchant, created.body.order.id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect((await getJson(server.url, user.token, `/api/orders/${created.body.order.id}`)).body.order.status).toBe("pending");
    await expectLedgerSound(server.ctx.db);
  });
});

describe("a user sells to a merchant", () => {
  it("locks the user's coins at creation and pays them to the merchant when the user confirms the naira", async () => {
    const db = server.ctx.db;
    await fund(db, admin, user, "PI", "20");
    const created = await postJson(server.url, user.token, "/api/orders", {
      merchant_id: merchant.id,
      coin: "PI",
      side: "sell",
      coin_amount: "10",
      payout,
    });
    expect(created.status).toBe(201);
    const order = created.body.order;
    // The merchant buys at their buy price and pays into the user's account.
    expect(order).toMatchObject({ price: "950.00", naira_amount: "9500.00", escrow_locked: true, my_side: "sell", payment_details: payout });
    expect(await balance(db, user.id, "PI")).toBe("10.00000000");
    expect((await getJson(server.url, user.token, "/api/wallet")).body.balances.find((b: { coin: string }) => b.coin === "PI")).toMatchObject({
      available: "10.00000000",
      in_escrow: "10.00000000",
    });

    expect((await act(merchant, order.id, "accept")).status).toBe(200);
    expect((await act(merchant, order.id, "mark-paid")).status).toBe(200);
    const done = await act(user, order.id, "confirm-payment");
    expect(done.body.order.status).toBe("completed");
    expect(await balance(db, merchant.id, "PI")).toBe("10.00000000");
    expect(await balance(db, user.id, "PI")).toBe("10.00000000");
    await expectLedgerSound(db);
  });

  it("refuses a sell order the user cannot cover with 409 INSUFFICIENT_BALANCE and writes nothing", async () => {
    const before = await getJson(server.url, user.token, "/api/orders");
    const res = await postJson(server.url, user.token, "/api/orders", {
      merchant_id: merchant.id,
      coin: "PI",
      side: "sell",
      naira_amount: "9500",
      payout,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_BALANCE", message: "Not enough PI available for this." });
    expect((await getJson(server.url, user.token, "/api/orders")).body.total).toBe(before.body.total);
    await expectLedgerSound(server.ctx.db);
  });

  it("refunds the user's locked coins when the order is cancelled before acceptance", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "pending" });
    const res = await act(user, id, "cancel", { reason: "Changed my mind" });
    expect(res.body.order).toMatchObject({ status: "cancelled", is_active: false, escrow_locked: true });
    expect(await balance(server.ctx.db, user.id, "PI")).toBe("1000.00000000");
    expect(await noticesOf(merchant.id, id)).toContainEqual({
      message: statusNotice("cancelled"),
      type: "order_cancelled",
      title: "Order Cancelled",
    });
    await expectLedgerSound(server.ctx.db);
  });
});

describe("cancellation rules", () => {
  it("lets the merchant cancel while pending, the buyer once matched, and nobody once paid", async () => {
    const pending = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });
    expect((await act(merchant, pending, "cancel")).body.order.status).toBe("cancelled");

    const matched = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const sellerTry = await act(merchant, matched, "cancel");
    expect(sellerTry.status).toBe(409);
    expect(sellerTry.body.error).toEqual({ code: "ORDER_CONFLICT", message: "This order is already matched, so it cannot be cancelled now." });
    expect((await act(user, matched, "cancel")).body.order.status).toBe("cancelled");
    expect(await balance(server.ctx.db, merchant.id, "PI")).toBe("2000.00000000");

    const paid = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const late = await act(user, paid, "cancel");
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("This order is already in progress, so it cannot be cancelled now.");
    await expectLedgerSound(server.ctx.db);
  });
});

describe("appeals", () => {
  it("lets the appellant withdraw back to in progress, and only them", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "disputed" });
    const view = await getJson(server.url, user.token, `/api/orders/${id}`);
    expect(view.body.order).toMatchObject({ status: "disputed", allowed_actions: ["withdraw_appeal"] });
    expect(view.body.order.appeal).toMatchObject({ opened_by: user.id, reason: "The seller is not responding.", outcome: null });
    expect((await getJson(server.url, merchant.token, `/api/orders/${id}`)).body.order.allowed_actions).toEqual([]);

    const notMine = await act(merchant, id, "withdraw-appeal");
    expect(notMine.status).toBe(403);
    const back = await act(user, id, "withdraw-appeal");
    expect(back.body.order).toMatchObject({ status: "in_progress", current_step: 3 });
    expect(back.body.order.appeal.outcome).toBe("withdrawn");
    // The seller may now appeal in turn.
    expect((await act(merchant, id, "appeal", { reason: "No naira arrived." })).body.order.status).toBe("disputed");
  });

  it("is resolved by an admin for the buyer (release) with the reason sent to both parties", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "disputed" });
    const res = await postJson(server.url, admin.token, `/api/admin/orders/${id}/resolve`, {
      outcome: "release",
      reason: "The bank statement shows the payment.",
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: "completed", current_step: 5 });
    expect(res.body.order.appeal).toMatchObject({ outcome: "release", resolution_reason: "The bank statement shows the payment." });
    expect(await balance(server.ctx.db, user.id, "PI")).toBe("10.00000000");
    for (const party of [user, merchant]) {
      const feedback = (await noticesOf(party.id, id)).filter((n) => n.type === "admin_feedback");
      expect(feedback).toEqual([
        {
          type: "admin_feedback",
          title: "Appeal Resolved",
          message: "Your appeal was resolved: the coins were released to the buyer. Reason: The bank statement shows the payment.",
        },
      ]);
    }
    await expectLedgerSound(server.ctx.db);
  });

  it("is resolved by an admin for the seller (refund), returning the escrow", async () => {
    const id = await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "disputed" });
    const res = await postJson(server.url, admin.token, `/api/admin/orders/${id}/resolve`, { outcome: "refund", reason: "No payment was made." });
    expect(res.body.order).toMatchObject({ status: "cancelled", is_active: false });
    expect(await balance(server.ctx.db, user.id, "PI")).toBe("1000.00000000");
    const again = await postJson(server.url, admin.token, `/api/admin/orders/${id}/resolve`, { outcome: "release", reason: "Oops" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This order is already cancelled, so it cannot be released now.");
    await expectLedgerSound(server.ctx.db);
  });
});

describe("ratings", () => {
  it("lets each party rate the other once, and keeps reputation_score as the average to 2 places", async () => {
    const first = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    const second = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    const other = await createSignedInUser(server.ctx.db, secret());
    const third = await tradeTo(server, { admin, user: other, merchant }, { side: "buy", status: "completed" });

    expect((await postJson(server.url, user.token, `/api/orders/${first}/rating`, { stars: 5 })).body).toEqual({
      stars: 5,
      reputation_score: "5.00",
    });
    expect((await postJson(server.url, user.token, `/api/orders/${second}/rating`, { stars: 4 })).body.reputation_score).toBe("4.50");
    expect((await postJson(server.url, other.token, `/api/orders/${third}/rating`, { stars: 4 })).body.reputation_score).toBe("4.33");
    const twice = await postJson(server.url, user.token, `/api/orders/${first}/rating`, { stars: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("ALREADY_RATED");
    expect((await postJson(server.url, merchant.token, `/api/orders/${first}/rating`, { stars: 2 })).body.reputation_score).toBe("2.00");
    expect((await getJson(server.url, user.token, `/api/orders/${first}`)).body.order).toMatchObject({ can_rate: false, my_rating: 5 });
  });

  it("refuses ratings before completion, by strangers, and out of 1 to 5", async () => {
    const open = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const early = await postJson(server.url, user.token, `/api/orders/${open}/rating`, { stars: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("This order is already matched; you can rate the trade once it completes.");
    const stranger = await createSignedInUser(server.ctx.db, secret());
    expect((await postJson(server.url, stranger.token, `/api/orders/${open}/rating`, { stars: 5 })).status).toBe(404);
    for (const stars of [0, 6, 4.5, "5"]) {
      expect((await postJson(server.url, user.token, `/api/orders/${open}/rating`, { stars })).status).toBe(400);
    }
  });
});

describe("open requests on the marketplace", () => {
  it("are listed to merchants with an online offer for the coin and taken by the first to accept", async () => {
    const db = server.ctx.db;
    const rival = await createSignedInUser(db, secret(), { role: "merchant" });
    const noOffer = await createSignedInUser(db, secret(), { role: "merchant" });
    await putOffer(db, rival, "PI", { sell_price: "990.00" });
    await fund(db, admin, rival, "PI", "50");

    const created = await postJson(server.url, user.token, "/api/orders/open-requests", { coin: "PI", side: "buy", naira_amount: "9900" });
    expect(created.status).toBe(201);
    // With no price given, the best live offer's price is frozen: the rival's 990.00.
    expect(created.body.order).toMatchObject({
      is_open_request: true,
      merchant: null,
      price: "990.00",
      coin_amount: "10.00000000",
      payment_details: null,
    });
    const id = created.body.order.id;

    const market = await getJson(server.url, rival.token, "/api/marketplace");
    marketplaceResponse.parse(market.body);
    expect(market.body.requests.map((r: { id: string }) => r.id)).toContain(id);
    expect((await getJson(server.url, noOffer.token, "/api/marketplace")).body.requests).toEqual([]);
    expect((await getJson(server.url, user.token, "/api/marketplace")).status).toBe(403);
    expect((await getJson(server.url, rival.token, `/api/orders/${id}`)).body.order.allowed_actions).toEqual(["accept"]);
    expect((await getJson(server.url, noOffer.token, `/api/orders/${id}`)).status).toBe(404);
    expect((await act(noOffer, id, "accept")).status).toBe(403);

    const won = await act(rival, id, "accept");
    expect(won.status).toBe(200);
    expect(won.body.order).toMatchObject({ status: "matched", merchant: { id: rival.id }, seller_id: rival.id, buyer_id: user.id });
    // The buyer pays into the accepting merchant's account from their offer.
    expect(won.body.order.payment_details.account_name).toBe("Merchant Ventures");
    const late = await act(merchant, id, "accept");
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ code: "ORDER_ALREADY_TAKEN", message: "This order has already been taken by another merchant." });
    expect((await getJson(server.url, rival.token, "/api/marketplace")).body.requests.map((r: { id: string }) => r.id)).not.toContain(id);
    await expectLedgerSound(db);
  });

  it("locks a selling creator's coins at once and needs their bank account", async () => {
    await fund(server.ctx.db, admin, user, "SIDRA", "5");
    const noPayout = await postJson(server.url, user.token, "/api/orders/open-requests", {
      coin: "SIDRA",
      side: "sell",
      coin_amount: "5",
      price: "800",
    });
    expect(noPayout.status).toBe(400);
    expect(noPayout.body.error.fields.payout).toBe("Enter the bank account the naira should be paid to");
    const res = await postJson(server.url, user.token, "/api/orders/open-requests", {
      coin: "SIDRA",
      side: "sell",
      coin_amount: "5",
      price: "800",
      payout,
    });
    expect(res.body.order).toMatchObject({ escrow_locked: true, naira_amount: "4000.00", payment_details: payout });
    expect(await balance(server.ctx.db, user.id, "SIDRA")).toBe("0.00000000");
  });
});

describe("lists and counts", () => {
  it("lists the caller's orders with filters and paging, and the badges", async () => {
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "pending" });
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending", coin: "SIDRA" });

    const all = await getJson(server.url, user.token, "/api/orders?page_size=2");
    expect(all.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    orderListResponse.parse(all.body);
    expect(all.body.orders).toHaveLength(2);
    expect((await getJson(server.url, user.token, "/api/orders?status=pending")).body.total).toBe(2);
    expect((await getJson(server.url, user.token, "/api/orders?side=sell")).body.total).toBe(1);
    expect((await getJson(server.url, merchant.token, "/api/orders?side=sell")).body.total).toBe(2);
    expect((await getJson(server.url, user.token, "/api/orders?coin=sidra")).body.total).toBe(1);
    expect((await getJson(server.url, user.token, "/api/orders?active=false")).body.total).toBe(1);
    expect((await getJson(server.url, user.token, "/api/orders?status=lost")).status).toBe(400);

    expect(badgesResponse.parse((await getJson(server.url, user.token, "/api/badges")).body).pending_orders).toBe(2);
    expect((await getJson(server.url, merchant.token, "/api/badges")).body.pending_orders).toBe(2);

    const history = await getJson(server.url, user.token, "/api/transaction-history?type=buy");
    transactionHistoryResponse.parse(history.body);
    expect(history.body.total).toBe(1);
    expect(history.body.transactions[0]).toMatchObject({ crypto_type: "PI", transaction_type: "buy", total_amount: "10000.00", status: "completed" });
    expect((await getJson(server.url, user.token, "/api/transaction-history?type=sell")).body.total).toBe(0);
  });
});
