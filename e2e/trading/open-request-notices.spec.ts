import { describe, expect, test } from "../support/fixtures.js";
import { NotificationSettings } from "../pages/notification-settings.js";
import { shoot } from "../support/screenshots.js";
import { DEMO, joinAs } from "./parties.js";

describe("open request notices", () => {
  test("a merchant is told of a trader's new open request live, with its details, and has its switch in the settings", async ({
    app,
    openContext,
  }) => {
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const trader = await joinAs(app, openContext, DEMO.tunde);
    await merchant.page.goto("/notifications");
    await merchant.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();

    const created = await trader.context.request.post("/api/orders/open-requests", { data: { coin: "PI", side: "buy", coin_amount: "3" } });
    expect(created.status()).toBe(201);
    // The merchant sells to the buying trader: the details read from the merchant's side.
    await merchant.page.getByText("New PI open request").first().waitFor({ timeout: 2_000 });
    await merchant.page
      .getByText(new RegExp(`^Sell 3 PI · .* · ${trader.username}$`))
      .first()
      .waitFor();
    await shoot(merchant.page, "open-request-notice");

    const settings = new NotificationSettings(merchant.page);
    await settings.open();
    expect(await settings.isOn("New open requests", "Telegram")).toBe(true);
    // A trader never receives them, so has no switch for them.
    const traderSettings = new NotificationSettings(trader.page);
    await traderSettings.open();
    expect(await traderSettings.switch("New open requests", "In-app").count()).toBe(0);
  });
});
