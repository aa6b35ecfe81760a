import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
let user: TestUser;
/** Trades both ways: takes the user's orders as merchant, and places orders of its own with `other`. */
let merchant: TestUser;
let other: TestUser;
const placed: string[] = [];
const taken: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, secret, { role: "admin" });
  user = await createSignedInUser(db, secret);
  merchant = await createSignedInUser(db, secret, { role: "merchant" });
  other = await createSignedInUser(db, secret, { role: "merchant" });
  await putOffer(db, merchant, "PI");
  await putOffer(db, other, "PI");
  // Oldest first: two the merchant takes from the user, then three it places itself with `other`.
  taken.push(await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" }));
  taken.push(await tradeTo(server, { admin, user, merchant }, { side: "sell", status: "pending" }));
  placed.push(await tradeTo(server, { admin, user: merchant, merchant: other }, { side: "buy", status: "matched" }));
  placed.push(await tradeTo(server, { admin, user: merchant, merchant: other }, { side: "sell", status: "pending" }));
  placed.push(await tradeTo(server, { admin, user: merchant, merchant: other }, { side: "buy", status: "pending" }));
});
afterAll(() => server.stop());

const ids = (body: Record<string, any>): string[] => body.orders.map((o: { id: string }) => o.id); // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
const newestFirst = (list: string[]) => [...list].reverse();

describe("GET /api/orders?role=", () => {
  it("role=creator answers only the orders the caller placed, role=merchant only those it took; both without a role", async () => {
    const both = await getJson(server.url, merchant.token, "/api/orders");
    expect(both.status).toBe(200);
    expect(ids(both.body)).toEqual(newestFirst([...taken, ...placed]));

    const asCreator = await getJson(server.url, merchant.token, "/api/orders?role=creator");
    orderListResponse.parse(asCreator.body);
    expect(asCreator.body.total).toBe(3);
    expect(ids(asCreator.body)).toEqual(newestFirst(placed));
    for (const order of asCreator.body.orders) expect(order.creator.id).toBe(merchant.id);

    const asMerchant = await getJson(server.url, merchant.token, "/api/orders?role=merchant");
    expect(asMerchant.body.total).toBe(2);
    expect(ids(asMerchant.body)).toEqual(newestFirst(taken));
    for (const order of asMerchant.body.orders) expect(order.merchant.id).toBe(merchant.id);
  });

  it("pages and counts within the role, and combines with the other filters", async () => {
    const page1 = await getJson(server.url, merchant.token, "/api/orders?role=creator&page_size=2");
    expect(page1.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    const page2 = await getJson(server.url, merchant.token, "/api/orders?role=creator&page_size=2&page=2");
    expect(ids(page2.body)).toEqual([placed[0]]);

    // The merchant sells in the user's buy order it took, and in its own sell order.
    const takenSelling = await getJson(server.url, merchant.token, "/api/orders?role=merchant&side=sell");
    expect(ids(takenSelling.body)).toEqual([taken[0]]);
    const placedSelling = await getJson(server.url, merchant.token, "/api/orders?role=creator&side=sell");
    expect(ids(placedSelling.body)).toEqual([placed[1]]);
    expect((await getJson(server.url, merchant.token, "/api/orders?role=merchant&status=pending")).body.total).toBe(1);
    expect((await getJson(server.url, merchant.token, "/api/orders?role=creator&active=true")).body.total).toBe(3);
  });

  it("never widens to other people's orders", async () => {
    // `other` took the merchant's three orders; the user placed two and took none.
    expect(ids((await getJson(server.url, other.token, "/api/orders?role=merchant")).body)).toEqual(newestFirst(placed));
    expect((await getJson(server.url, other.token, "/api/orders?role=creator")).body.total).toBe(0);
    expect(ids((await getJson(server.url, user.token, "/api/orders?role=creator")).body)).toEqual(newestFirst(taken));
    expect((await getJson(server.url, user.token, "/api/orders?role=merchant")).body.total).toBe(0);
    expect((await getJson(server.url, admin.token, "/api/orders?role=merchant")).body.total).toBe(0);
  });

  it("refuses an unknown role with a clear 400 and writes nothing", async () => {
    const before = await rowCount(server.ctx.db, "orders");
    for (const role of ["buyer", "admin", "", "CREATOR"]) {
      const res = await getJson(server.url, merchant.token, `/api/orders?role=${role}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.fields.role).toBe("role must be creator or merchant");
    }
    expect((await getJson(server.url, null, "/api/orders?role=creator")).status).toBe(401);
    expect(await rowCount(server.ctx.db, "orders")).toBe(before);
  });
});
