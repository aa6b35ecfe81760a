import { describe, test } from "../support/fixtures.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { AppShell } from "../pages/app-shell.js";
import { expectToast } from "../pages/toasts.js";
import { DEMO, joinAs } from "../trading/parties.js";
import { MerchantApplicationPage, PeopleSections } from "./people-pages.js";

describe("becoming a merchant", () => {
  test(
    "a user applies, an admin approves, and the user's menu turns into the merchant menu without signing out",
    { timeout: 180_000 },
    async ({ app, page, signedInUser, openContext }) => {
      const form = new MerchantApplicationPage(page);
      await form.open();
      const businessName = `${signedInUser.username} Coins Ltd`;
      await form.fill({ businessName, coins: ["PI", "USDT"], bankName: "GTBank", accountNumber: "0123456789", accountName: "Ada Coins Ltd" });

      // Without accepting the agreement nothing is sent, and the form says why.
      await form.send();
      await form.expectMessage("Please accept the Merchant Agreement to apply");
      await form.agreement().check();
      await form.send();
      await expectToast(page, "Application sent");
      await form.expectPending();

      // The admin finds it in the queue and approves it.
      const admin = await joinAs(app, openContext, DEMO.admin);
      const panel = new AdminPanel(admin.page);
      await panel.open();
      await panel.openSection("Merchant applications");
      const people = new PeopleSections(admin.page);
      await people.application(businessName).getByText(signedInUser.username, { exact: false }).first().waitFor();
      await people.approve(businessName);

      // Without a reload, the user's page and menu become a merchant's (the decision arrives over the socket).
      await page.getByText("You're a merchant", { exact: true }).waitFor();
      const menu = await new AppShell(page).openMenu();
      await menu.getByRole("link", { name: "Price Update" }).waitFor();
      await menu.getByRole("link", { name: "Marketplace" }).waitFor();
    },
  );
});
