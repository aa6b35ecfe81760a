import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOverviewResponse, adminUserListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, fund, getJson, postJson, putOffer, tradeTo, txHash } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

const newUser = (role?: "user" | "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role });

beforeAll(async () => {
  server = await startTestServer();
  admin = await newUser("admin");
  user = await newUser();
  merchant = await newUser("merchant");
});
afterAll(() => server.stop());

describe("GET /api/admin/overview", () => {
  it("is for admins only", async () => {
    expect((await getJson(server.url, null, "/api/admin/overview")).status).toBe(401);
    expect((await getJson(server.url, user.token, "/api/admin/overview")).status).toBe(403);
    expect((await getJson(server.url, merchant.token, "/api/admin/overview")).status).toBe(403);
  });

  it("counts people, the queues waiting for an admin, and each coin's completed 24 h volume once per order", async () => {
    const empty = await getJson(server.url, admin.token, "/api/admin/overview");
    expect(empty.status).toBe(200);
    const overview = adminOverviewResponse.parse(empty.body);
    expect(overview).toMatchObject({
      total_users: 3,
      new_users_24h: 3,
      merchants: 1,
      online_merchants: 0,
      open_orders: 0,
      open_appeals: 0,
      pending_deposits: 0,
      pending_withdrawals: 0,
    });
    expect(overview.volume_24h.map((v) => v.coin)).toEqual(["SIDRA", "PI", "USDT", "CORE", "RUBI"]);
    expect(overview.volume_24h[1]).toEqual({ coin: "PI", trades: 0, coin_amount: "0.00000000", naira_amount: "0.00", fee_income: "0.00000000" });

    await putOffer(server.ctx.db, merchant, "PI");
    const parties = { admin, user, merchant };
    await tradeTo(server, parties, { side: "buy", status: "completed", naira: "10000" });
    await tradeTo(server, parties, { side: "sell", status: "completed", naira: "5000" });
    await tradeTo(server, parties, { side: "buy", status: "disputed" });
    await tradeTo(server, parties, { side: "buy", status: "matched" });
    const pendingDeposit = await postJson(
      server.url,
      user.token,
      "/api/wallet/deposits",
      depositBody({ coin: "USDT", amount: "12", tx_hash: txHash() }),
    );
    expect(pendingDeposit.status).toBe(201);
    await fund(server.ctx.db, admin, user, "USDT", "50");
    const withdrawal = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "20",
      address: "0xabc0000000000000000000000000000000000001",
    });
    expect(withdrawal.status).toBe(201);

    const after = adminOverviewResponse.parse((await getJson(server.url, admin.token, "/api/admin/overview")).body);
    expect(after).toMatchObject({
      total_users: 3,
      merchants: 1,
      online_merchants: 1,
      open_orders: 2,
      open_appeals: 1,
      pending_deposits: 1,
      pending_withdrawals: 1,
    });
    // A buy at ₦1,000 (the fixture's sell price) for ₦10,000 and a sell at ₦950 for ₦5,000; no
    // fee in the merchant's first 30 days.
    expect(after.volume_24h.find((v) => v.coin === "PI")).toEqual({
      coin: "PI",
      trades: 2,
      coin_amount: "15.26315789",
      naira_amount: "15000.00",
      fee_income: "0.00000000",
    });
    expect(after.volume_24h.find((v) => v.coin === "USDT")!.trades).toBe(0);
  });
});

describe("GET /api/admin/users", () => {
  it("is for admins only", async () => {
    expect((await getJson(server.url, null, "/api/admin/users")).status).toBe(401);
    expect((await getJson(server.url, user.token, `/api/admin/users?ids=${user.id}`)).status).toBe(403);
  });

  it("names the accounts behind a list of ids, and only those", async () => {
    const other = await newUser();
    const res = await getJson(server.url, admin.token, `/api/admin/users?ids=${user.id},${merchant.id}&page_size=100`);
    expect(res.status).toBe(200);
    const page = adminUserListResponse.parse(res.body);
    expect(page.total).toBe(2);
    expect(page.users.map((u) => u.id).sort()).toEqual([user.id, merchant.id].sort());
    expect(page.users.find((u) => u.id === merchant.id)).toMatchObject({
      username: merchant.username,
      email: merchant.email,
      role: "merchant",
      suspended: false,
    });
    expect(page.users.map((u) => u.id)).not.toContain(other.id);
    expect((await getJson(server.url, admin.token, "/api/admin/users?ids=")).body.users).toEqual([]);
  });

  it("searches usernames and emails, filters by role, and refuses bad input with a 400", async () => {
    const found = await getJson(server.url, admin.token, `/api/admin/users?q=${merchant.username.slice(-6).toUpperCase()}`);
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([merchant.id]);
    const admins = await getJson(server.url, admin.token, "/api/admin/users?role=admin");
    expect(admins.body.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const wildcard = await getJson(server.url, admin.token, "/api/admin/users?q=%25");
    expect(wildcard.body.total).toBe(0);

    const bad = await getJson(server.url, admin.token, "/api/admin/users?ids=not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_FAILED");
    expect((await getJson(server.url, admin.token, "/api/admin/users?role=owner")).status).toBe(400);
  });
});
