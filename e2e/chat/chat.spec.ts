import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe } from "../support/accounts.js";
import { AppShell } from "../pages/app-shell.js";
import { ChatListPage, ChatPage, expectMessagesBadge, messagesBadge } from "../pages/chat-page.js";
import { OrderPage } from "../pages/order-page.js";
import { PaymentProofsCard } from "../pages/payment-proofs.js";
import { expectToast } from "../pages/toasts.js";
import { shoot } from "../support/screenshots.js";
import { DEMO, joinAs, matchedOrder } from "../trading/parties.js";

const RECEIPT = fileURLToPath(new URL("./receipt.png", import.meta.url));

/** Collects every JavaScript dialog (alert, confirm…) a page opens. */
function watchDialogs(page: Page): string[] {
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(dialog.message());
    void dialog.dismiss();
  });
  return fired;
}

describe("order chat between a user and a merchant", () => {
  test(
    "text and images both ways, live: the other side's unread badge goes up and a toast appears",
    { timeout: 150_000 },
    async ({ app, openContext }) => {
      const user = await joinAs(app, openContext, DEMO.tunde);
      const merchant = await joinAs(app, openContext, DEMO.emeka);
      const merchantId = (await fetchMe(app.url, DEMO.emeka)).id;
      const orderId = await matchedOrder(user, merchantId, merchant);

      // The merchant waits on the dashboard with no unread messages.
      await merchant.page.goto("/dashboard");
      await new AppShell(merchant.page).expectDashboardOf(merchant.username);
      expect(await messagesBadge(merchant.page)).toBe(0);

      const userChat = new ChatPage(user.page);
      await userChat.open(orderId);
      await userChat.send("Good morning, I am sending the naira now.");
      await expectToast(merchant.page, `New message from ${user.username}`, "Good morning, I am sending the naira now.");
      await expectMessagesBadge(merchant.page, 1);

      await userChat.sendImage(RECEIPT);
      // Looked for at once: the sender's image can take longer to show than a toast lasts.
      const photoToast = expectToast(merchant.page, `New message from ${user.username}`, "Photo");
      await userChat.expectImageLoaded(0);
      await photoToast;
      await expectMessagesBadge(merchant.page, 2);

      // The chat list says "Photo" for the last message; opening the chat reads it all.
      const list = new ChatListPage(merchant.page);
      await list.open();
      await expect.poll(() => list.chatWith(user.username).textContent()).toContain("Photo");
      await list.chatWith(user.username).click();
      const merchantChat = new ChatPage(merchant.page);
      await merchantChat.input().waitFor();
      await merchantChat.expectMessage("Good morning, I am sending the naira now.");
      await merchantChat.expectImageLoaded(0);
      await expectMessagesBadge(merchant.page, 0);
      const viewer = await merchantChat.openImage(0);
      await viewer.getByRole("link", { name: "Open full size" }).waitFor();
      await merchant.page.keyboard.press("Escape");
      await viewer.waitFor({ state: "hidden" });

      // The merchant answers with text and a captioned image; the user sees both arrive live.
      await merchantChat.send("Thanks, checking my GTBank app.");
      await merchantChat.sendImage(RECEIPT, "Is this your transfer?");
      await userChat.expectMessage("Thanks, checking my GTBank app.");
      await userChat.expectMessage("Is this your transfer?");
      await expect.poll(() => userChat.images().count(), { timeout: 15_000 }).toBe(2);
      await userChat.expectImageLoaded(1);

      await shoot(merchant.page, "chat-with-images");
    },
  );

  test("hostile text shows as plain text and runs nothing", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.amaka);
    const merchant = await joinAs(app, openContext, DEMO.chioma);
    const merchantId = (await fetchMe(app.url, DEMO.chioma)).id;
    const orderId = await matchedOrder(user, merchantId, merchant);
    const userDialogs = watchDialogs(user.page);
    const merchantDialogs = watchDialogs(merchant.page);

    const userChat = new ChatPage(user.page);
    const merchantChat = new ChatPage(merchant.page);
    await userChat.open(orderId);
    await merchantChat.open(orderId);
    const hostile = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "javascript:alert(1)"];
    for (const text of hostile) await userChat.send(text);
    for (const text of hostile) await merchantChat.expectMessage(text);

    // Reloaded from the server too, the text stays text.
    await merchant.page.reload();
    for (const text of hostile) await merchantChat.expectMessage(text);
    await merchant.page.waitForTimeout(500);
    for (const page of [user.page, merchant.page]) {
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.getByRole("log").locator("script").count()).toBe(0);
    }
    expect([...userDialogs, ...merchantDialogs]).toEqual([]);
  });

  test("what is typed while a message is on its way stays in the composer and is sent next", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.amaka);
    const merchant = await joinAs(app, openContext, DEMO.chioma);
    const orderId = await matchedOrder(user, (await fetchMe(app.url, DEMO.chioma)).id, merchant);
    const userChat = new ChatPage(user.page);
    await userChat.open(orderId);
    // The page's first reads done, so only the send under test can touch the composer.
    await user.page.waitForLoadState("networkidle");
    // The first message's answer comes 2 s late, as on a slow connection.
    let slow = true;
    await user.page.route(`**/api/orders/${orderId}/messages`, async (route) => {
      if (route.request().method() === "POST" && slow) {
        slow = false;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue();
    });
    const send = user.page.getByRole("button", { name: "Send", exact: true });
    const firstAnswered = user.page.waitForResponse((r) => r.url().endsWith(`/api/orders/${orderId}/messages`) && r.request().method() === "POST");
    await userChat.input().fill("First: the naira is on its way.");
    await send.click();
    await expect.poll(() => userChat.input().inputValue()).toBe("");
    await userChat.input().fill("Second, typed while the first was sending.");
    await firstAnswered;
    await userChat.message("First: the naira is on its way.").waitFor();
    await user.page.waitForTimeout(300);
    // The first one's answer has come: what was typed meanwhile is still there, and goes next.
    expect(await userChat.input().inputValue()).toBe("Second, typed while the first was sending.");
    await send.click();
    const merchantChat = new ChatPage(merchant.page);
    await merchantChat.open(orderId);
    await merchantChat.expectMessage("First: the naira is on its way.");
    await merchantChat.expectMessage("Second, typed while the first was sending.");
  });

  test(
    "the buyer's payment proof, picked before marking paid, reaches the seller's order page and the chat",
    { timeout: 150_000 },
    async ({ app, openContext }) => {
      const user = await joinAs(app, openContext, DEMO.tunde);
      const merchant = await joinAs(app, openContext, DEMO.chioma);
      const merchantId = (await fetchMe(app.url, DEMO.chioma)).id;
      const orderId = await matchedOrder(user, merchantId, merchant);

      const buyerOrder = new OrderPage(user.page);
      await buyerOrder.open(orderId);
      const sellerOrder = new OrderPage(merchant.page);
      await sellerOrder.open(orderId);

      // Picked while the order is matched; sent by itself the moment "I have paid" goes through.
      const buyerProofs = new PaymentProofsCard(user.page);
      await buyerProofs.pick(RECEIPT, { amount: "6140", reference: "FT26112200123" });
      await buyerOrder.markPaid();
      await expectToast(user.page, "Payment proof sent. The seller sees it here and in the chat.");
      await buyerProofs.expectProofs(1);

      const sellerProofs = new PaymentProofsCard(merchant.page);
      await sellerProofs.expectProofs(1);
      await sellerProofs.card().getByText("₦6,140.00 · Ref FT26112200123", { exact: true }).waitFor();
      await shoot(merchant.page, "order-with-proof", sellerProofs.card());

      // The same image is the buyer's message in the chat.
      const sellerChat = new ChatPage(merchant.page);
      await sellerChat.open(orderId);
      await sellerChat.expectMessage("Payment proof · ₦6,140.00 · Ref: FT26112200123");
      await sellerChat.expectImageLoaded(0);

      // Afterwards the buyer may add another receipt from the order page.
      await buyerProofs.pick(RECEIPT, { reference: "Second transfer" });
      await shoot(user.page, "order-proof-form-buyer", buyerProofs.card());
      await buyerProofs.send();
      await buyerProofs.expectProofs(2);
    },
  );
});
