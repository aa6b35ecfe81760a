import { randomBytes } from "node:crypto";
import { MERCHANTS_TOPIC } from "@p2p/shared";
import { describe, expect, test } from "../support/fixtures.js";
import { createConfirmedUser, fetchMe } from "../support/accounts.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { usdtDeposit } from "../support/deposits.js";
import { subscribedTo } from "../support/realtime.js";
import { ChatPage, MerchantGroupChatPage } from "../pages/chat-page.js";
import { apiPost, DEMO, joinAs, LIVE_MS, matchedOrder } from "./parties.js";

/** The notifications page's line under its title: "n unread", or the caught-up words once none is. */
const UNREAD = /^\d+ unread$/;
const ALL_READ = "Trade updates, messages and announcements.";

/**
 * The event types both-sides-live.spec.ts leaves: chat.read, chat.typing, chat.message,
 * notifications.read, merchant_chat.message, live_chat.session, admin.queue_changed and
 * appeal.opened, each seen on the other side's open screen within LIVE_MS without a reload.
 */
describe("both sides, more: every open screen follows the other side's change", () => {
  test(
    "the order chat shows the other party's read receipt, typing and message; reading notifications in one tab clears them in the other",
    { timeout: 60_000 },
    async ({ app, openContext }) => {
      const account = await createConfirmedUser(app.url);
      const [user, merchant, { id: merchantId }] = await Promise.all([
        joinAs(app, openContext, account),
        joinAs(app, openContext, DEMO.emeka),
        fetchMe(app.url, DEMO.emeka),
      ]);
      const orderId = await matchedOrder(user, merchantId, merchant);

      // chat.read: the user's message is "Seen" as soon as the merchant opens the chat.
      const userChat = new ChatPage(user.page);
      await userChat.open(orderId);
      await userChat.send("Good morning, I have sent the naira.");
      const seen = userChat.log().getByText(/ · Seen$/);
      expect(await seen.count()).toBe(0);
      const merchantChat = new ChatPage(merchant.page);
      await merchantChat.open(orderId);
      await merchantChat.message("Good morning, I have sent the naira.").waitFor();
      await seen.waitFor({ timeout: LIVE_MS });

      // chat.typing, then chat.message: the user sees the merchant typing, then the message.
      await merchantChat.input().fill("Received");
      await user.page.getByText(`${merchant.username} is typing…`, { exact: true }).waitFor({ timeout: LIVE_MS });
      await merchantChat.input().fill("Received, releasing now.");
      await merchant.page.getByRole("button", { name: "Send", exact: true }).click();
      await userChat.message("Received, releasing now.").waitFor({ timeout: LIVE_MS });

      // notifications.read: two tabs of the user on Notifications; one marks all read, the other follows.
      const [watching, reading] = await Promise.all([user.context.newPage(), user.context.newPage()]);
      for (const page of [watching, reading]) {
        await page.goto("/notifications");
        await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
        await page.getByRole("main").getByText(UNREAD).waitFor();
      }
      await reading.getByRole("button", { name: "Mark all as read", exact: true }).click();
      await watching.getByRole("main").getByText(ALL_READ, { exact: true }).waitFor({ timeout: LIVE_MS });
      expect(await watching.getByRole("main").getByLabel("Unread", { exact: true }).count()).toBe(0);
    },
  );

  test("one merchant's message appears in another merchant's open group chat", { timeout: 45_000 }, async ({ app, openContext }) => {
    const [emeka, chioma] = await Promise.all([joinAs(app, openContext, DEMO.emeka), joinAs(app, openContext, DEMO.chioma)]);
    const [emekaChat, chiomaChat] = [new MerchantGroupChatPage(emeka.page), new MerchantGroupChatPage(chioma.page)];
    const emekaLive = subscribedTo(emeka.page, MERCHANTS_TOPIC);
    await Promise.all([emekaChat.openGroup(), chiomaChat.openGroup()]);
    await emekaLive;
    const text = `Who has PI at ₦1,530 today? (${randomBytes(3).toString("hex")})`;
    await chiomaChat.send(text);
    await emekaChat.message(text).waitFor({ timeout: LIVE_MS });
  });

  test(
    "the admin panel's open Live chat, Deposits and Appeals show a user's new request, and the user's chat follows the agent",
    { timeout: 90_000 },
    async ({ app, openContext }) => {
      const account = await createConfirmedUser(app.url);
      const [user, merchant, admin, { id: merchantId }] = await Promise.all([
        joinAs(app, openContext, account),
        joinAs(app, openContext, DEMO.emeka),
        joinAs(app, openContext, DEMO.admin),
        fetchMe(app.url, DEMO.emeka),
      ]);
      const panel = new AdminPanel(admin.page);
      await panel.open();

      // live_chat.session: the waiting user appears in the agent's open Live chat section…
      const liveChat = await panel.openSection("Live chat");
      await user.page.goto("/live-chat");
      await user.page.getByRole("heading", { name: "Chat with Support" }).waitFor();
      await user.page.getByLabel("Your message").fill("My USDT deposit has not arrived.");
      await user.page.getByRole("button", { name: "Start chat" }).click();
      const waiting = user.page.getByText("Waiting for an agent to join…", { exact: true });
      await waiting.waitFor();
      const session = liveChat.getByRole("button").filter({ hasText: user.username });
      await session.waitFor({ timeout: LIVE_MS });

      // …the agent joins by answering, and the user's chat stops waiting and shows the answer…
      await session.click();
      const agentChat = new ChatPage(admin.page);
      await agentChat.message("My USDT deposit has not arrived.").waitFor();
      await agentChat.send("I am looking at it now.");
      await waiting.waitFor({ state: "detached", timeout: LIVE_MS });
      await new ChatPage(user.page).message("I am looking at it now.").waitFor({ timeout: LIVE_MS });

      // …and the user's chat shows it closed as soon as the agent closes it.
      await admin.page.getByRole("button", { name: "Close", exact: true }).click();
      // The line holds its "Start a new chat" button too.
      await user.page.getByText(/^This chat is closed\./).waitFor({ timeout: LIVE_MS });

      // admin.queue_changed: a deposit the user reports appears in the open Deposits queue.
      const deposits = await panel.openSection("Deposits");
      await apiPost(user, "/api/wallet/deposits", usdtDeposit("4321"));
      await deposits.getByRole("list", { name: "Deposits" }).getByRole("listitem").filter({ hasText: "4,321" }).waitFor({ timeout: LIVE_MS });

      // appeal.opened: the buyer's appeal appears in the open Appeals queue.
      const orderId = await matchedOrder(user, merchantId, merchant);
      await apiPost(user, `/api/orders/${orderId}/mark-paid`);
      await panel.openSection("Appeals");
      await apiPost(user, `/api/orders/${orderId}/appeal`, { reason: "I paid ₦6,140 from GTBank and the coins were not released." });
      await panel.appeal(orderId).waitFor({ timeout: LIVE_MS });
    },
  );
});
