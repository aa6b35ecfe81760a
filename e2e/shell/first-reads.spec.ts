import type { Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
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

describe("a signed-in page's first reads", () => {
  test("a page load reads each of its data once: the socket starts from the session's event ids instead of reading again", async ({
    app,
    openContext,
  }) => {
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const reads = apiReads(merchant.page);
    const live = Promise.all([subscribedTo(merchant.page, `user:${(await fetchMe(app.url, DEMO.emeka)).id}`), subscribedTo(merchant.page, "market")]);
    await merchant.page.goto("/dashboard");
    await new AppShell(merchant.page).expectDashboardOf(merchant.username);
    await live;
    // What a first subscription read again came a few milliseconds after it.
    await merchant.page.waitForTimeout(1_000);

    expect(reads).toContain("GET /api/auth/session");
    expect(reads).toContain("GET /api/dashboard/summary");
    const twice = reads.filter((read, i) => reads.indexOf(read) !== i);
    expect(twice).toEqual([]);
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
