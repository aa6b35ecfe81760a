import type { Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { createConfirmedUser } from "../support/accounts.js";
import { waitFor } from "../support/wait.js";
import { expectPath } from "../pages/app.js";
import { DashboardPage } from "../pages/dashboard-page.js";
import { MarketplacePage } from "../pages/marketplace-page.js";
import { OrderPage } from "../pages/order-page.js";
import { WalletPage } from "../pages/wallet-page.js";
import { usdtDeposit } from "../support/deposits.js";
import { apiPost, DEMO, joinAs, LIVE_MS, type Party } from "./parties.js";

/** A second tab of the same person (its own socket), on `path`. */
async function secondTab(party: Party, path: string): Promise<Page> {
  const page = await party.context.newPage();
  await page.goto(path);
  return page;
}

describe("both sides: every open screen follows the other side's change", () => {
  test(
    "the Marketplace, both order pages, the rated trader's Reputation Score, the wallet after a deposit is confirmed and the support chat after the agent replies",
    { timeout: 180_000 },
    async ({ app, openContext }) => {
      const account = await createConfirmedUser(app.url);
      const [user, merchant, admin] = await Promise.all([
        joinAs(app, openContext, account),
        joinAs(app, openContext, DEMO.emeka),
        joinAs(app, openContext, DEMO.admin),
      ]);

      // The merchant watches the Marketplace, which follows the merchants' topic (no polling).
      const market = new MarketplacePage(merchant.page);
      await market.open();
      await merchant.page.getByText("updates live").waitFor();
      const { order } = await apiPost<{ order: { id: string } }>(user, "/api/orders/open-requests", {
        coin: "PI",
        side: "buy",
        naira_amount: "15000",
      });
      await market.request(user.username, "₦15,000.00").waitFor({ timeout: LIVE_MS });

      // Each move shows on the other party's open order page.
      const userOrder = new OrderPage(user.page);
      await userOrder.open(order.id);
      await userOrder.expectStatus("pending");
      expect(await market.accept(user.username, "₦15,000.00")).toBe(order.id);
      await userOrder.expectStatus("matched", LIVE_MS);
      const merchantOrder = new OrderPage(merchant.page);
      await userOrder.markPaid();
      await merchantOrder.expectStatus("in_progress", LIVE_MS);

      // The trader's dashboard is open in another tab while the trade completes and is rated.
      const dashboard = new DashboardPage(await user.context.newPage());
      await dashboard.open(user.username);
      const score = dashboard.page.getByRole("main").getByText("4.00", { exact: true });
      expect(await score.count()).toBe(0);
      await merchantOrder.confirmPaymentAndRelease();
      await userOrder.expectStatus("completed", LIVE_MS);
      await merchantOrder.rate(user.username, 4);
      await score.waitFor({ timeout: LIVE_MS });

      // The wallet, open, shows the deposit an admin confirms elsewhere.
      const wallet = new WalletPage(dashboard.page);
      await wallet.open();
      const before = (await wallet.balance("USDT")).available;
      const deposit = await apiPost<{ deposit: { id: string } }>(user, "/api/wallet/deposits", usdtDeposit("125"));
      await apiPost(admin, `/api/admin/deposits/${deposit.deposit.id}/confirm`);
      await waitFor(
        "the confirmed deposit in the open wallet",
        async () => ((await wallet.balance("USDT")).available !== before ? true : undefined),
        {
          timeoutMs: LIVE_MS,
        },
      );

      // The support chat stops waiting as soon as an agent answers.
      const support = await secondTab(user, "/live-chat");
      await support.getByRole("heading", { name: "Chat with Support" }).waitFor();
      await support.getByLabel("Your message").fill("My USDT deposit: is it in?");
      await support.getByRole("button", { name: "Start chat" }).click();
      await support.getByText("Waiting for an agent to join…").waitFor();
      const mine = await (await user.context.request.get("/api/live-chat/sessions/mine")).json();
      await apiPost(admin, `/api/live-chat/sessions/${mine.session.id}/messages`, { message: "Yes, it is confirmed." });
      await support.getByRole("log", { name: "Messages" }).getByText("Yes, it is confirmed.").waitFor({ timeout: LIVE_MS });
      await support.getByText("Waiting for an agent to join…").waitFor({ state: "detached", timeout: LIVE_MS });
    },
  );

  test(
    "a watcher's open Listed Coins shows a merchant's new price as the price notice arrives",
    { timeout: 120_000 },
    async ({ app, openContext }) => {
      const account = await createConfirmedUser(app.url);
      const [user, merchant] = await Promise.all([joinAs(app, openContext, account), joinAs(app, openContext, DEMO.emeka)]);
      await apiPost(user, "/api/coins/PI/watch");
      await user.page.goto("/listed-coins");
      await user.page.getByRole("heading", { level: 1, name: "Listed Coins" }).waitFor();

      // The merchant undercuts the best price a buyer pays now.
      const coins = (await (await user.context.request.get("/api/coins")).json()) as { coins: { symbol: string; best_buy_price: string }[] };
      const best = Number(coins.coins.find((c) => c.symbol === "PI")!.best_buy_price);
      const mine = (await (await merchant.context.request.get("/api/offers/mine")).json()) as { offers: Record<string, unknown>[] };
      const offer = mine.offers.find((o) => o.coin === "PI")!;
      const terms = ["buy_price", "min_order", "max_order", "bank_name", "account_number", "account_name", "terms"] as const;
      const price = (best - 10).toFixed(2);
      const data = { ...Object.fromEntries(terms.map((k) => [k, offer[k]])), sell_price: price, online: true };
      const response = await merchant.context.request.put("/api/offers/PI", { data });
      expect(response.status(), await response.text()).toBe(200);

      const shown = `₦${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
      await user.page.getByRole("main").getByText(shown, { exact: true }).locator("visible=true").first().waitFor({ timeout: LIVE_MS });
    },
  );

  test(
    "a tab whose session was signed out from another device reaches /auth with the reason, then sends nothing for a minute",
    { timeout: 120_000 },
    async ({ app, openContext }) => {
      const account = await createConfirmedUser(app.url);
      const [tab, phone] = await Promise.all([joinAs(app, openContext, account), joinAs(app, openContext, account)]);
      // The tabs' timers run on a clock the test can move a minute ahead at the end (it runs in real time until then).
      await tab.context.clock.install();
      const dashboard = new DashboardPage(tab.page);
      await dashboard.open(tab.username);
      // A second tab of the same browser: it ends too.
      const sibling = await secondTab(tab, "/wallet");
      await sibling.getByRole("heading", { level: 1, name: "Wallet" }).waitFor();

      await apiPost(phone, "/api/auth/sessions/sign-out-others");
      const reason = "You were signed out from another device. Sign in again to continue.";
      for (const page of [tab.page, sibling]) {
        await expectPath(page, "/auth", 5_000);
        await page.getByText(reason).waitFor({ timeout: 5_000 });
      }

      const sent: string[] = [];
      for (const page of [tab.page, sibling]) {
        page.on("request", (request) => {
          if (new URL(request.url()).pathname.startsWith("/api/")) sent.push(request.url());
        });
        page.on("websocket", (socket) => sent.push(socket.url()));
      }
      // A minute of the tabs' time, every timer in it fired (retries, reconnects, refetch intervals):
      // a looping tab sent hundreds of 401s in one. Then a real second for whatever they started.
      await tab.context.clock.runFor(60_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sent).toEqual([]);
    },
  );
});
