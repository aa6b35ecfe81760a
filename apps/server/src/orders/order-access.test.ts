import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { expectLedgerSound, fund, getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let stranger: TestUser;
let otherMerchant: TestUser;
let pendingId: string;
let matchedId: string;
let progressId: string;
let disputedId: string;

const MISSING = "00000000-0000-4000-8000-000000000000";
const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, secret, { role: "admin" });
  user = await createSignedInUser(db, secret);
  stranger = await createSignedInUser(db, secret);
  merchant = await createSignedInUser(db, secret, { role: "merchant" });
  otherMerchant = await createSignedInUser(db, secret, { role: "merchant" });
  await putOffer(db, merchant, "PI");
  await putOffer(db, otherMerchant, "PI");
  const parties = { admin, user, merchant };
  pendingId = await tradeTo(server, parties, { side: "buy", status: "pending" });
  matchedId = await tradeTo(server, parties, { side: "buy", status: "matched" });
  progressId = await tradeTo(server, parties, { side: "buy", status: "in_progress" });
  disputedId = await tradeTo(server, parties, { side: "buy", status: "disputed" });
});
afterAll(() => server.stop());

/** What any refusal must leave untouched. */
async function snapshot() {
  const db = server.ctx.db;
  const tables = ["orders", "ledger_entries", "notifications", "chat_messages", "jobs", "appeals", "order_ratings", "idempotency_keys"];
  const counts = await Promise.all(tables.map((t) => rowCount(db, t)));
  const statuses = await Promise.all(
    [pendingId, matchedId, progressId, disputedId].map(async (id) => (await getJson(server.url, admin.token, `/api/orders/${id}`)).body.order.status),
  );
  return { counts, statuses };
}

describe("order endpoints refuse other users' orders with 404 and wrong roles with 403, changing nothing", () => {
  const cases: [string, () => TestUser, () => string, string, unknown, number][] = [
    ["a stranger reads an order", () => stranger, () => pendingId, "", undefined, 404],
    ["another merchant reads a direct order", () => otherMerchant, () => pendingId, "", undefined, 404],
    ["a stranger accepts", () => stranger, () => pendingId, "accept", undefined, 403],
    ["another merchant accepts a direct order", () => otherMerchant, () => pendingId, "accept", undefined, 404],
    ["a stranger cancels", () => stranger, () => pendingId, "cancel", {}, 404],
    ["a stranger marks paid", () => stranger, () => matchedId, "mark-paid", undefined, 404],
    ["the seller marks paid", () => merchant, () => matchedId, "mark-paid", undefined, 403],
    ["a stranger confirms", () => stranger, () => progressId, "confirm-payment", undefined, 404],
    ["the buyer confirms", () => user, () => progressId, "confirm-payment", undefined, 403],
    ["a stranger appeals", () => stranger, () => progressId, "appeal", { reason: "x" }, 404],
    ["an admin appeals", () => admin, () => progressId, "appeal", { reason: "x" }, 403],
    ["a stranger withdraws an appeal", () => stranger, () => disputedId, "withdraw-appeal", undefined, 404],
    ["the other party withdraws the appeal", () => merchant, () => disputedId, "withdraw-appeal", undefined, 403],
    ["a stranger rates", () => stranger, () => progressId, "rating", { stars: 5 }, 404],
    ["anyone acts on a missing order", () => user, () => MISSING, "cancel", {}, 404],
    ["anyone acts on a malformed id", () => user, () => "not-a-uuid", "cancel", {}, 404],
  ];

  it.each(cases)("%s → %#", async (_name, who, id, action, body, status) => {
    const before = await snapshot();
    const path = `/api/orders/${id()}${action ? `/${action}` : ""}`;
    const res = action ? await postJson(server.url, who().token, path, body) : await getJson(server.url, who().token, path);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(status === 404 ? "NOT_FOUND" : "FORBIDDEN");
    expect(await snapshot()).toEqual(before);
  });

  it("resolves only for admins", async () => {
    const before = await snapshot();
    for (const who of [user, merchant, stranger]) {
      const res = await postJson(server.url, who.token, `/api/admin/orders/${disputedId}/resolve`, { outcome: "release", reason: "mine" });
      expect(res.status).toBe(403);
    }
    expect((await postJson(server.url, admin.token, `/api/admin/orders/${MISSING}/resolve`, { outcome: "release", reason: "r" })).status).toBe(404);
    expect((await postJson(server.url, admin.token, `/api/admin/orders/${disputedId}/resolve`, { outcome: "release" })).status).toBe(400);
    expect((await postJson(server.url, admin.token, `/api/admin/orders/${disputedId}/resolve`, { outcome: "split", reason: "r" })).status).toBe(400);
    expect((await getJson(server.url, user.token, "/api/admin/orders")).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("lets an admin read any order and list them by status", async () => {
    expect((await getJson(server.url, admin.token, `/api/orders/${progressId}`)).body.order.allowed_actions).toEqual([]);
    expect((await getJson(server.url, admin.token, `/api/orders/${disputedId}`)).body.order.allowed_actions.sort()).toEqual([
      "resolve_refund",
      "resolve_release",
    ]);
    const disputed = await getJson(server.url, admin.token, "/api/admin/orders?status=disputed");
    expect(disputed.body.orders.map((o: { id: string }) => o.id)).toEqual([disputedId]);
  });

  it("answers a signed-out caller with 401", async () => {
    for (const path of ["/api/orders", "/api/badges", `/api/orders/${pendingId}`, "/api/marketplace", "/api/transaction-history"]) {
      expect((await getJson(server.url, null, path)).status).toBe(401);
    }
    expect((await postJson(server.url, null, `/api/orders/${pendingId}/cancel`, {})).status).toBe(401);
  });
});

describe("order creation refuses bad input with a clear 4xx and writes nothing", () => {
  const base = () => ({ merchant_id: merchant.id, coin: "PI", side: "buy", naira_amount: "5000" });
  const cases: [string, () => unknown, number, string][] = [
    ["no amount", () => ({ merchant_id: merchant.id, coin: "PI", side: "buy" }), 400, "VALIDATION_FAILED"],
    ["both amounts", () => ({ ...base(), coin_amount: "1" }), 400, "VALIDATION_FAILED"],
    ["a number for money", () => ({ ...base(), naira_amount: 5000 }), 400, "VALIDATION_FAILED"],
    ["three naira decimals", () => ({ ...base(), naira_amount: "5000.001" }), 400, "VALIDATION_FAILED"],
    ["nine coin decimals", () => ({ ...base(), naira_amount: undefined, coin_amount: "1.123456789" }), 400, "VALIDATION_FAILED"],
    ["a negative amount", () => ({ ...base(), naira_amount: "-5000" }), 400, "VALIDATION_FAILED"],
    ["zero", () => ({ ...base(), naira_amount: "0" }), 400, "VALIDATION_FAILED"],
    ["an unknown side", () => ({ ...base(), side: "hold" }), 400, "VALIDATION_FAILED"],
    ["an unknown coin", () => ({ ...base(), coin: "DOGE" }), 400, "VALIDATION_FAILED"],
    ["an unknown field", () => ({ ...base(), price: "1.00" }), 400, "VALIDATION_FAILED"],
    ["bank details on a buy", () => ({ ...base(), payout }), 400, "VALIDATION_FAILED"],
    ["a sell without bank details", () => ({ ...base(), side: "sell" }), 400, "VALIDATION_FAILED"],
    ["a malformed account number", () => ({ ...base(), side: "sell", payout: { ...payout, account_number: "12" } }), 400, "VALIDATION_FAILED"],
    ["below the merchant's minimum", () => ({ ...base(), naira_amount: "999.99" }), 422, "AMOUNT_OUT_OF_RANGE"],
    ["above the merchant's maximum", () => ({ ...base(), naira_amount: "1000000.01" }), 422, "AMOUNT_OUT_OF_RANGE"],
    ["too few coins to price", () => ({ ...base(), naira_amount: undefined, coin_amount: "0.00000001" }), 422, "AMOUNT_OUT_OF_RANGE"],
    ["trading with oneself", () => ({ ...base(), merchant_id: user.id }), 422, "SELF_TRADE"],
    ["a user who is no merchant", () => ({ ...base(), merchant_id: stranger.id }), 409, "OFFER_UNAVAILABLE"],
    ["an unlisted coin", () => ({ ...base(), coin: "ETH" }), 409, "COIN_UNAVAILABLE"],
  ];

  it.each(cases)("%s", async (_name, body, status, code) => {
    const before = await snapshot();
    const res = await postJson(server.url, user.token, "/api/orders", body());
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message.length).toBeGreaterThan(5);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an offer switched offline, and admins trading at all", async () => {
    await putOffer(server.ctx.db, otherMerchant, "PI", { online: false });
    const before = await snapshot();
    const offline = await postJson(server.url, user.token, "/api/orders", { ...base(), merchant_id: otherMerchant.id });
    expect(offline.status).toBe(409);
    expect(offline.body.error.message).toBe("This merchant is not trading PI right now.");
    expect((await postJson(server.url, admin.token, "/api/orders", base())).status).toBe(403);
    expect((await postJson(server.url, admin.token, "/api/orders/open-requests", { coin: "PI", side: "buy", naira_amount: "5000" })).status).toBe(
      403,
    );
    expect((await postJson(server.url, null, "/api/orders", base())).status).toBe(401);
    expect((await postJson(server.url, user.token, "/api/orders/open-requests", { coin: "PI", side: "buy" })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    await putOffer(server.ctx.db, otherMerchant, "PI", { online: true });
  });

  it("refuses an action body with unknown fields without acting", async () => {
    const before = await snapshot();
    const res = await postJson(server.url, merchant.token, `/api/orders/${pendingId}/accept`, { merchant_id: stranger.id });
    expect(res.status).toBe(400);
    expect((await postJson(server.url, user.token, `/api/orders/${progressId}/appeal`, { reason: "   " })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    await expectLedgerSound(server.ctx.db);
  });

  it("keeps the ledger sound after all of it", async () => {
    await fund(server.ctx.db, admin, stranger, "PI", "1");
    await expectLedgerSound(server.ctx.db);
  });
});
