import { describe, expect, test } from "../support/fixtures.js";
import { OrderPage } from "../pages/order-page.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { DEMO, joinAs, type Party } from "./parties.js";

type Offer = Record<string, unknown> & { coin: string; sell_price: string };

/** The merchant changes their PI sell price through their own session, as Price Update does. */
async function setSellPrice(merchant: Party, price: string): Promise<void> {
  const mine = (await (await merchant.context.request.get("/api/offers/mine")).json()) as { offers: Offer[] };
  const { id: _id, coin: _coin, updated_at: _updated, version: _version, ...offer } = mine.offers.find((o) => o.coin === "PI")!;
  const res = await merchant.context.request.put("/api/offers/PI", { data: { ...offer, sell_price: price } });
  expect(res.status(), await res.text()).toBe(200);
}

describe("the terms a trader sees are the terms they get", () => {
  test("each merchant selling shows what they have available, as the API counts it", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const listed = (await (await user.context.request.get("/api/offers?coin=PI&side=buy")).json()) as {
      offers: { merchant_id: string; available: string; username: string }[];
    };
    const emeka = listed.offers.find((o) => o.username === merchant.username)!;
    const whole = emeka.available.replace(/\.?0+$/, "");

    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const row = trade.offerOf(merchant.username, "PI", "Buy");
    await expect(row.getByText(/^Available: /).innerText()).resolves.toBe(`Available: ${Number(whole).toLocaleString("en-US")} PI`);
  });

  test("the merchant changes the price while the buyer is ordering: 'The price changed to ₦X. Continue?'; Cancel places nothing, Continue orders at the new price", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const dialog = await trade.startOrder(merchant.username, "PI", "Buy");
    await dialog.enterNaira("16000");

    await setSellPrice(merchant, "1600");
    const buy = dialog.root.getByRole("button", { name: "Buy PI", exact: true });
    await buy.click();
    const prompt = dialog.root.getByRole("alert").filter({ hasText: "The price changed to ₦1,600.00. Continue?" });
    await prompt.waitFor();

    // Cancel: the prompt goes, the dialog stays on the terms seen, no order is placed.
    await dialog.root.getByRole("button", { name: "Cancel", exact: true }).first().click();
    await prompt.waitFor({ state: "detached" });
    await buy.waitFor();
    expect(new URL(user.page.url()).pathname).toBe("/trade-merchants");

    // Asked again, Continue places the order at ₦1,600.
    await buy.click();
    await prompt.waitFor();
    await dialog.root.getByRole("button", { name: "Continue", exact: true }).click();
    await user.page.waitForURL(/\/order\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const order = new OrderPage(user.page);
    await order.expectStatus("pending", 5_000);
    expect(await order.summary()).toMatchObject({ "You buy": "10 PI", "Price per coin": "₦1,600.00", "You pay": "₦16,000.00" });
  });
});
