import type { Page } from "playwright-core";
import { describe, expect, test as base } from "../support/fixtures.js";
import { fetchMe } from "../support/accounts.js";
import { AppShell } from "../pages/app-shell.js";
import { expectMessagesBadge, messagesBadge } from "../pages/chat-page.js";
import { subscribedTo } from "../support/realtime.js";
import { apiPost, DEMO, joinAs, matchedOrder } from "../trading/parties.js";

/** Every API read the page asks for from now on, as "GET /api/…" (the query string kept). */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/")) reads.push(`GET ${url.pathname}${url.search}`);
  });
  return reads;
}

// Each tab shows the splash, as a person's first load does: the screen's first reads are asked for while it shows.
const test = base.override("splash", { scope: "file" }, () => true);

describe("a signed-in page's first reads", () => {
  test("a page load reads each of its data once: the socket starts from the session's event ids instead of reading again", async ({
    app,
    openContext,
  }) => {
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const userTopic = `user:${(await fetchMe(app.url, DEMO.emeka)).id}`;
    // Each route in a tab of its own, so each shows the splash and asks for its first reads during it.
    for (const route of ["/dashboard", "/wallet", "/trade-merchants", "/marketplace"]) {
      const page = await merchant.context.newPage();
      const live = Promise.all([userTopic, "market", "merchants"].map((topic) => subscribedTo(page, topic)));
      const reads = apiReads(page);
      await page.goto(route);
      await live;
      // What a first subscription read again came a few milliseconds after it.
      await page.waitForTimeout(1_000);
      await page.close();

      expect(reads, route).toContain("GET /api/auth/session");
      expect(
        reads.filter((read, i) => reads.indexOf(read) !== i),
        route,
      ).toEqual([]);
    }
  });

  test(
    "a message sent while the page's socket was still connecting reaches its badge, without a reload",
    { timeout: 90_000 },
    async ({ app, openContext }) => {
      const user = await joinAs(app, openContext, DEMO.tunde);
      const merchant = await joinAs(app, openContext, DEMO.emeka);
      const orderId = await matchedOrder(user, (await fetchMe(app.url, DEMO.emeka)).id, merchant);

      // The merchant's socket is held back until the message is sent: the screens' reads come before
      // the message, the socket's subscriptions after it.
      let connect: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (connect = resolve));
      await merchant.page.routeWebSocket(/\/realtime/, async (socket) => {
        await held;
        socket.connectToServer();
      });
      await merchant.page.goto("/dashboard");
      await new AppShell(merchant.page).expectDashboardOf(merchant.username);
      await merchant.page.waitForLoadState("networkidle");
      expect(await messagesBadge(merchant.page)).toBe(0);

      await apiPost(user, `/api/orders/${orderId}/messages`, { content: "Sent while your page was loading." });
      connect();
      await expectMessagesBadge(merchant.page, 1, 5_000);
    },
  );
});
