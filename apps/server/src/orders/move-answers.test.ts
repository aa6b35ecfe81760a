import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { fund, getJson, postJson, merchantWithOffer } from "../../test/trading-fixtures.js";

/*
 * A move's answer is read by the statement that moved the order (present-order.ts, readForColumn):
 * the parties, the latest appeal and the caller's rating as that statement saw them. These tests
 * hold every answer to what a fresh read shows the same person right after, across the moves
 * whose transaction changes one of them later (a completion's trade counts, an appeal's row).
 */

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
  await fund(server.ctx.db, admin, merchant, "PI", "1000");
});

/** Posts a move and checks its answer against a fresh read by the same person; returns the answer's order. */
async function moveAndCompare(who: TestUser, path: string, body?: unknown) {
  const answer = await postJson(server.url, who.token, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  const order = answer.body.order;
  const fresh = await getJson(server.url, who.token, `/api/orders/${order.id}`);
  expect(order).toEqual(fresh.body.order);
  return order;
}

const create = () => moveAndCompare(user, "/api/orders", { merchant_id: merchant.id, coin: "PI", side: "buy", naira_amount: "10000" });

describe("a move's answer", () => {
  it("is the order as a fresh read shows it, at every step of a trade, with the completion's trade counts", async () => {
    const { id } = await create();
    await moveAndCompare(merchant, `/api/orders/${id}/accept`);
    await moveAndCompare(user, `/api/orders/${id}/mark-paid`);
    const done = await moveAndCompare(merchant, `/api/orders/${id}/confirm-payment`);
    expect(done.creator.total_trades).toBe(1);
    expect(done.merchant.total_trades).toBe(1);
    expect(done.can_rate).toBe(true);
  });

  it("shows the appeal an appeal move opened or withdrew, and the last one after a release", async () => {
    const { id } = await create();
    await moveAndCompare(merchant, `/api/orders/${id}/accept`);
    await moveAndCompare(user, `/api/orders/${id}/mark-paid`);
    const appealed = await moveAndCompare(user, `/api/orders/${id}/appeal`, { reason: "The seller is not responding." });
    expect(appealed.appeal).toMatchObject({ opened_by: user.id, outcome: null });
    const withdrawn = await moveAndCompare(user, `/api/orders/${id}/withdraw-appeal`);
    expect(withdrawn.appeal.outcome).toBe("withdrawn");
    const done = await moveAndCompare(merchant, `/api/orders/${id}/confirm-payment`);
    expect(done.appeal).toMatchObject({ opened_by: user.id, outcome: "withdrawn" });
    expect(done.merchant.total_trades).toBe(1);
  });

  it("is an admin's fresh read after a resolution", async () => {
    const { id } = await create();
    await moveAndCompare(merchant, `/api/orders/${id}/accept`);
    await moveAndCompare(user, `/api/orders/${id}/mark-paid`);
    await moveAndCompare(merchant, `/api/orders/${id}/appeal`, { reason: "No naira arrived." });
    const resolved = await moveAndCompare(admin, `/api/admin/orders/${id}/resolve`, { outcome: "release", reason: "The buyer's bank confirmed it." });
    expect(resolved.appeal).toMatchObject({ outcome: "release" });
    expect(resolved.creator.total_trades).toBe(1);
  });

  it("is the order as a fresh read shows it after a cancellation", async () => {
    const { id } = await create();
    const cancelled = await moveAndCompare(user, `/api/orders/${id}/cancel`, { reason: "Changed my mind." });
    expect(cancelled.status).toBe("cancelled");
  });
});
