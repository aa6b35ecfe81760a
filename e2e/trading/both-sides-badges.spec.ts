import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe } from "../support/accounts.js";
import { AppShell } from "../pages/app-shell.js";
import { ChatPage, expectMessagesBadge, messagesBadge } from "../pages/chat-page.js";
import { shoot } from "../support/screenshots.js";
import { DEMO, joinAs, matchedOrder } from "./parties.js";

describe("badges on both sides of a trade", () => {
  test(
    "one side sends, the other's Messages badge rises within 2 s without a reload; reading clears it on every tab within 1 s",
    { timeout: 120_000 },
    async ({ app, openContext }) => {
      const user = await joinAs(app, openContext, DEMO.tunde);
      const merchant = await joinAs(app, openContext, DEMO.emeka);
      const orderId = await matchedOrder(user, (await fetchMe(app.url, DEMO.emeka)).id, merchant);

      // The merchant has two tabs on the dashboard; neither shows an unread message.
      const otherTab = await merchant.context.newPage();
      for (const page of [merchant.page, otherTab]) {
        await page.goto("/dashboard");
        await new AppShell(page).expectDashboardOf(merchant.username);
      }
      expect(await messagesBadge(merchant.page)).toBe(0);

      const userChat = new ChatPage(user.page);
      await userChat.open(orderId);
      // Each party reads the order from their own side: the buyer buys, the merchant sells.
      await user.page.getByText(/^Buy 4 PI · /).waitFor();
      await userChat.send("Sending the naira now.");
      await expectMessagesBadge(merchant.page, 1, 2_000);
      await expectMessagesBadge(otherTab, 1, 2_000);
      await userChat.send("Done, please check.");
      await expectMessagesBadge(merchant.page, 2, 2_000);

      // The merchant reads the chat in one tab: the badge clears there and in the other tab.
      const merchantChat = new ChatPage(merchant.page);
      await merchantChat.open(orderId);
      await merchant.page.getByText(/^Sell 4 PI · /).waitFor();
      await merchantChat.expectMessage("Done, please check.");
      await expectMessagesBadge(merchant.page, 0, 1_000);
      await expectMessagesBadge(otherTab, 0, 1_000);

      // And the other way round: the merchant answers, the user (away from the chat) sees it rise, then reads it.
      await user.page.goto("/dashboard");
      await new AppShell(user.page).expectDashboardOf(user.username);
      await merchantChat.send("Received, releasing.");
      await expectMessagesBadge(user.page, 1, 2_000);
      await userChat.open(orderId);
      await userChat.expectMessage("Received, releasing.");
      await expectMessagesBadge(user.page, 0, 1_000);

      // The screens these counts stand for: the chat list, and the order notices with their details.
      await user.page.goto("/chat");
      await user.page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
      await shoot(user.page, "badges-chat-list");
      await user.page.goto("/notifications");
      await user.page
        .getByText(/^Buy 4 PI · .* · /)
        .first()
        .waitFor();
      await shoot(user.page, "badges-order-notice-details");
    },
  );
});
