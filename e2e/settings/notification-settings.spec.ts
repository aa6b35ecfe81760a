import { startFakeBotApi, type FakeBotApi } from "../../apps/server/test/fakes/fake-bot-api.js";
import { describe, expect, test as base } from "../support/fixtures.js";
import { expectToast } from "../pages/toasts.js";
import { NotificationSettings } from "../pages/notification-settings.js";
import { expectPath } from "../pages/app.js";

/** This file's product talks to a fake Telegram Bot API by long polling. */
const test = base
  .extend("bot", { scope: "file" }, async ({}, { onCleanup }) => {
    const bot = await startFakeBotApi();
    onCleanup(() => bot.close());
    return bot;
  })
  .override("productEnv", { scope: "file" }, ({ bot }: { bot: FakeBotApi }) => ({
    TELEGRAM_BOT_TOKEN: "123456:E2E-token",
    TELEGRAM_API_ROOT: bot.url,
    TELEGRAM_MODE: "polling",
  }));

let updateId = 1;

describe("notification settings", () => {
  test("a switched-off channel is saved with a toast and stays off after a reload", async ({ page, context, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const settings = new NotificationSettings(page);
    await settings.open();
    expect(await settings.isOn("Order updates", "Telegram")).toBe(true);
    expect(await settings.isOn("Price updates", "In-app")).toBe(true);

    await settings.switch("Order updates", "Telegram").click();
    await expectToast(page, "Notification settings saved", "Order updates on Telegram: off");
    await settings.switch("Price updates", "In-app").click();
    await expectToast(page, "Notification settings saved", "Price updates on In-app: off");

    await page.reload();
    await settings.open();
    expect(await settings.isOn("Order updates", "Telegram")).toBe(false);
    expect(await settings.isOn("Price updates", "In-app")).toBe(false);
    expect(await settings.isOn("Order updates", "In-app")).toBe(true);
    const saved = await (await context.request.get("/api/notification-preferences")).json();
    expect(saved.preferences.order_update).toEqual({ toast: true, browser: true, telegram: false, push: true });

    // And back on.
    await settings.switch("Order updates", "Telegram").click();
    await expectToast(page, "Notification settings saved", "Order updates on Telegram: on");
    await page.reload();
    await settings.open();
    expect(await settings.isOn("Order updates", "Telegram")).toBe(true);
  });

  test("the Notifications page leads to the delivery settings", async ({ page, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    await page.goto("/notifications");
    await page.getByRole("link", { name: "Delivery settings" }).click();
    await expectPath(page, "/settings");
    const settings = new NotificationSettings(page);
    await settings.switch("Order updates", "In-app").waitFor();
    await expect.poll(() => settings.section().getByRole("heading", { name: "Notifications" }).isVisible()).toBe(true);
    await expect.poll(() => settings.section().evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
  });

  test("links Telegram through the bot's one-time link, shows the chat, and unlinks it", async ({ page, bot, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const settings = new NotificationSettings(page);
    await settings.open();
    const card = settings.telegram();
    await card.getByText("Not linked.", { exact: false }).waitFor();

    await card.getByRole("button", { name: "Link Telegram" }).click();
    const dialog = page.getByRole("dialog", { name: "Join Telegram Bot" });
    await dialog.getByRole("button", { name: "Get my Telegram link" }).click();
    const href = await dialog.getByRole("link", { name: "Open Telegram Bot" }).getAttribute("href");
    const token = new URL(href!).searchParams.get("start")!;
    expect(token.length).toBeGreaterThan(20);

    // The person taps Start in Telegram: the bot receives /start <token>.
    const chatId = 5_550_000 + updateId;
    bot.queueUpdate({
      update_id: updateId++,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private", first_name: "Ada" },
        from: { id: chatId, is_bot: false, first_name: "Ada", username: "ada_e2e" },
        text: `/start ${token}`,
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    });
    await expectToast(page, "Telegram linked");
    await dialog.waitFor({ state: "hidden" });
    await card.getByText("Linked to @ada_e2e").waitFor();
    await card.getByText(/^Linked since /).waitFor();

    await card.getByRole("button", { name: "Unlink" }).click();
    const confirm = page.getByRole("dialog", { name: "Unlink Telegram?" });
    await confirm.getByRole("button", { name: "Unlink" }).click();
    await expectToast(page, "Telegram unlinked");
    await card.getByText("Not linked.", { exact: false }).waitFor();
    await page.reload();
    await settings.open();
    await card.getByText("Not linked.", { exact: false }).waitFor();
  });
});
