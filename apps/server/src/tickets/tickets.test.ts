import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentTicketPageSchema } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, putOffer, tradeTo } from "../../test/trading-fixtures.js";

const PNG = readFileSync(new URL("../uploads/test-images/receipt.png", import.meta.url));

let server: TestServer;
let admin: TestUser;
let userA: TestUser;
let userB: TestUser;
let merchant: TestUser;
let otherMerchant: TestUser;
let paidOrder: string;
let otherOrder: string;

async function proof(buyer: TestUser, orderId: string, amount: string): Promise<string> {
  const up = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${buyer.token}`, "content-type": "image/png" },
    body: PNG,
  });
  const uploadId = ((await up.json()) as { upload: { id: string } }).upload.id;
  const res = await postJson(server.url, buyer.token, `/api/orders/${orderId}/proofs`, { upload_id: uploadId, amount, reference: "FT123" });
  expect(res.status).toBe(201);
  return res.body.proof.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(server.ctx.db, secret, { role: "admin" });
  merchant = await createSignedInUser(server.ctx.db, secret, { role: "merchant", username: `merchant_${Date.now().toString(36)}` });
  otherMerchant = await createSignedInUser(server.ctx.db, secret, { role: "merchant" });
  userA = await createSignedInUser(server.ctx.db, secret);
  userB = await createSignedInUser(server.ctx.db, secret);
  await putOffer(server.ctx.db, merchant, "PI");
  await putOffer(server.ctx.db, otherMerchant, "PI");
  paidOrder = await tradeTo(server, { admin, user: userA, merchant }, { side: "buy", status: "in_progress", naira: "10000" });
  await proof(userA, paidOrder, "10000.00");
  otherOrder = await tradeTo(server, { admin, user: userB, merchant: otherMerchant }, { side: "buy", status: "in_progress", naira: "20000" });
  await proof(userB, otherOrder, "20000.00");
});
afterAll(() => server.stop());

describe("GET /api/tickets (merchants)", () => {
  it("lists proofs on the merchant's own orders with the order, its amount and image, newest first", async () => {
    const second = await proof(userA, paidOrder, "10000.00");
    const res = await getJson(server.url, merchant.token, "/api/tickets");
    expect(res.status).toBe(200);
    const page = paymentTicketPageSchema.parse(res.body);
    expect(page.total).toBe(2);
    expect(page.tickets[0]!.proof.id).toBe(second);
    for (const t of page.tickets) {
      expect(t.order.id).toBe(paidOrder);
      expect(t.proof).toMatchObject({ amount: "10000.00", reference: "FT123", uploader_id: userA.id });
      expect(t.proof.image.url).toMatch(/^\/api\/uploads\//);
      // The seller may confirm the payment or appeal straight from the ticket.
      expect(t.order.allowed_actions).toEqual(expect.arrayContaining(["confirm_payment"]));
    }
  });

  it("filters by order status and pages", async () => {
    const none = await getJson(server.url, merchant.token, "/api/tickets?status=completed");
    expect(none.body).toMatchObject({ total: 0, tickets: [] });
    const one = await getJson(server.url, merchant.token, "/api/tickets?page_size=1&page=2");
    expect(one.body.tickets).toHaveLength(1);
    expect((await getJson(server.url, merchant.token, "/api/tickets?status=nope")).status).toBe(400);
  });

  it("shows another merchant only their own, refuses users and admins (403) and strangers (401)", async () => {
    const other = await getJson(server.url, otherMerchant.token, "/api/tickets");
    expect(other.body.tickets.map((t: { order: { id: string } }) => t.order.id)).toEqual([otherOrder]);
    expect((await getJson(server.url, userA.token, "/api/tickets")).status).toBe(403);
    expect((await getJson(server.url, admin.token, "/api/tickets")).status).toBe(403);
    expect((await getJson(server.url, null, "/api/tickets")).status).toBe(401);
  });

  it("after a quick confirm from the list, the ticket shows the completed order", async () => {
    const res = await postJson(server.url, merchant.token, `/api/orders/${paidOrder}/confirm-payment`);
    expect(res.status).toBe(200);
    const page = await getJson(server.url, merchant.token, "/api/tickets?status=completed");
    expect(
      page.body.tickets.every(
        (t: { order: { status: string; allowed_actions: string[] } }) =>
          t.order.status === "completed" && !t.order.allowed_actions.includes("confirm_payment"),
      ),
    ).toBe(true);
    expect(page.body.total).toBe(2);
  });
});

describe("GET /api/admin/tickets", () => {
  it("lists every proof for admins, filterable by status, coin, dates and user", async () => {
    const all = paymentTicketPageSchema.parse((await getJson(server.url, admin.token, "/api/admin/tickets")).body);
    expect(all.total).toBe(3);
    const byUser = await getJson(server.url, admin.token, `/api/admin/tickets?user=${userB.username.slice(0, 10)}`);
    expect(byUser.body.tickets.map((t: { order: { id: string } }) => t.order.id)).toEqual([otherOrder]);
    const bySeller = await getJson(server.url, admin.token, `/api/admin/tickets?user=${merchant.username.toUpperCase()}`);
    expect(bySeller.body.total).toBe(2);
    expect((await getJson(server.url, admin.token, "/api/admin/tickets?status=in_progress")).body.total).toBe(1);
    expect((await getJson(server.url, admin.token, "/api/admin/tickets?coin=pi")).body.total).toBe(3);
    expect((await getJson(server.url, admin.token, "/api/admin/tickets?coin=CORE")).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await getJson(server.url, admin.token, `/api/admin/tickets?from=${today}&to=${today}`)).body.total).toBe(3);
    expect((await getJson(server.url, admin.token, "/api/admin/tickets?to=2020-01-01")).body.total).toBe(0);
    expect((await getJson(server.url, admin.token, "/api/admin/tickets?user=%25")).body.total).toBe(0);
  });

  it("refuses bad filters with a 400 and non-admins with a 403", async () => {
    for (const q of ["from=yesterday", "from=2026-02-10&to=2026-02-01", "status=paid", "page=0", "x=1", "from=2026-13-45"]) {
      expect((await getJson(server.url, admin.token, `/api/admin/tickets?${q}`)).status).toBe(400);
    }
    for (const who of [userA, merchant]) expect((await getJson(server.url, who.token, "/api/admin/tickets")).status).toBe(403);
    expect((await getJson(server.url, null, "/api/admin/tickets")).status).toBe(401);
  });
});
