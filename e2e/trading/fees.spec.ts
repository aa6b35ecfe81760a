import { describe, expect, test } from "../support/fixtures.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { expectToast } from "../pages/toasts.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { DEMO, joinAs } from "./parties.js";

describe("trading fees", () => {
  test("an admin sets PI's fee in the Coins section; a new merchant sees it with their free days, and a trader sees it is the merchant's, before ordering", async ({
    app,
    openContext,
  }) => {
    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    const coins = await panel.openSection("Coins");
    await coins.getByRole("button", { name: "Change the PI fee", exact: true }).click();
    const dialog = admin.page.getByRole("dialog", { name: "PI merchant fee", exact: true });
    const field = dialog.getByLabel("Fee (%)");
    // More than 10 % is refused on the form, as the server would.
    await field.fill("12");
    await dialog.getByRole("button", { name: "Save fee", exact: true }).click();
    await dialog.getByText("The fee can be at most 10%", { exact: true }).waitFor();
    await field.fill("1.25");
    await dialog.getByRole("button", { name: "Save fee", exact: true }).click();
    await expectToast(admin.page, "Fee saved", "PI orders placed from now on carry a 1.25% merchant fee.");
    await coins.getByText("1.25%", { exact: true }).waitFor();

    // The demo merchants became merchants when the server first started: their 30 free days run.
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    await merchant.page.goto("/price-update?coin=PI");
    await merchant.page.getByText(/^Your fee: 0% until /).waitFor();
    await merchant.page
      .getByText("Orders placed in your first 30 days as a merchant are free. After that, you pay 1.25% of each completed order's PI.", {
        exact: true,
      })
      .waitFor();

    const user = await joinAs(app, openContext, DEMO.tunde);
    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const order = await trade.startOrder(merchant.username, "PI", "Buy");
    await order.enterNaira("16000");
    const fee = order.root.getByRole("definition").filter({ hasText: "None" });
    await expect(fee.count()).resolves.toBe(1);
    await order.root
      .getByText("The merchant pays the fee from their own coins: it never changes what you pay or receive.", { exact: true })
      .waitFor();
  });
});
