import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationListResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

const noticesOf = async (who: TestUser, orderId: string) =>
  notificationListResponse
    .parse((await getJson(server.url, who.token, "/api/notifications?page_size=50")).body)
    .notifications.filter((n) => n.order_id === orderId);

describe("order notices", () => {
  it("keep the spec's words and carry the order's details from each recipient's side", async () => {
    const user = await createSignedInUser(server.ctx.db, secret());
    const merchant = await merchantWithOffer(server);
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "pending" });

    const [created] = await noticesOf(merchant, orderId);
    expect(created).toMatchObject({ message: "Your order is now pending", details: { side: "sell", coin: "PI", counterparty: user.username } });
    expect(created!.details!.coin_amount).toMatch(/^\d+\.\d+$/);
    expect(Number(created!.details!.naira_amount)).toBeGreaterThan(0);

    expect((await postJson(server.url, merchant.token, `/api/orders/${orderId}/accept`, {})).status).toBe(200);
    const [matched] = await noticesOf(user, orderId);
    expect(matched).toMatchObject({
      message: "Your order has been matched with a trader",
      details: { side: "buy", coin: "PI", counterparty: merchant.username, coin_amount: created!.details!.coin_amount },
    });
  });
});
