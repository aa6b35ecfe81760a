import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe } from "../support/accounts.js";
import { ChatPage } from "../pages/chat-page.js";
import { DEMO, joinAs } from "../trading/parties.js";

/** Waits until the service worker controls the page, so the app shell is cached for offline use. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function goOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.evaluate((state) => window.dispatchEvent(new Event(state ? "offline" : "online")), offline);
}

describe("the phone app without a connection", () => {
  test("the installed shell opens offline and says so, then loads the account once the connection is back", async ({
    context,
    page,
    signedInUser,
  }) => {
    await page.goto("/dashboard");
    // The screen's own heading (the Follow dialog over it hides it from the accessibility tree).
    await page.locator("main h1").first().waitFor();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "You're offline", exact: true }).waitFor({ timeout: 20_000 });

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again", exact: true }).click();
    await page.getByRole("heading", { name: "You're offline", exact: true }).waitFor({ state: "detached" });
    await page.locator("main h1").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    const session = (await (await context.request.get("/api/auth/session")).json()) as { user: { username: string } };
    expect(session.user.username).toBe(signedInUser.username);
  });

  test("a chat message written offline waits, then is sent once when the phone is back online", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const emeka = await fetchMe(app.url, DEMO.emeka);
    const created = await user.context.request.post("/api/orders", {
      data: { merchant_id: emeka.id, coin: "PI", side: "buy", naira_amount: "15200.00" },
    });
    const { order } = (await created.json()) as { order: { id: string } };

    const userChat = new ChatPage(user.page);
    const merchantChat = new ChatPage(merchant.page);
    await userChat.open(order.id);
    await merchantChat.open(order.id);

    await goOffline(user.context, user.page, true);
    await user.page.getByText("You're offline.", { exact: true }).waitFor();
    const text = "Sent from the bus stop, no network here";
    await userChat.input().fill(text);
    await user.page.getByRole("button", { name: "Send", exact: true }).click();
    await user.page.getByText("Waiting to send", { exact: false }).first().waitFor();

    await goOffline(user.context, user.page, false);
    await merchantChat.message(text).waitFor();
    await expect.poll(() => user.page.getByText("Waiting to send", { exact: false }).count()).toBe(0);
    // Once, however the retry went.
    expect(await merchantChat.message(text).count()).toBe(1);
  });
});
