import type { BrowserContext } from "playwright-core";
import { AppShell } from "../../../e2e/pages/app-shell.js";
import { AuthPage } from "../../../e2e/pages/auth-page.js";
import { LandingPage } from "../../../e2e/pages/landing-page.js";
import { OrderPage } from "../../../e2e/pages/order-page.js";
import { WalletPage } from "../../../e2e/pages/wallet-page.js";
import { signInThroughApi } from "../../../e2e/support/accounts.js";
import { BASELINE_PATH } from "./config.js";
import type { RouteSpec } from "./page-load.js";

/** The coin the demo user's measured order is in: the demo market has merchants selling it. */
const ORDER_COIN = "USDT";

/**
 * The measured routes, each a phone's first load: the landing page, /auth, and a signed-in demo
 * user's dashboard, order page, /trade-merchants and wallet.
 */
export function appRoutes(demo: { email: string; password: string }): RouteSpec[] {
  let username = "";
  let orderId = "";
  const signedIn = async (context: BrowserContext) => {
    await signInThroughApi(context, demo);
    if (!username) username = (await (await context.request.get("/api/auth/session")).json()).user.username;
  };
  return [
    { name: "landing", path: "/", shown: (page) => new LandingPage(page).hero().waitFor() },
    {
      name: "auth",
      path: "/auth",
      shown: async (page) => {
        const auth = new AuthPage(page);
        await auth.heading("sign-in").or(auth.heading("sign-up")).waitFor();
      },
    },
    {
      name: "dashboard",
      path: "/dashboard",
      prepare: signedIn,
      // The Follow dialog opens over the dashboard on a session's first load; it is left open, as
      // closing it would be input, which ends LCP.
      shown: (page) => page.getByRole("dialog", { name: "Follow NaijaP2P" }).or(new AppShell(page).dashboardGreeting(username)).first().waitFor(),
    },
    {
      name: "order",
      path: "/order/:id",
      prepare: async (context) => {
        await signedIn(context);
        if (!orderId) orderId = await placeDemoOrder(context);
      },
      pathOf: () => `/order/${orderId}`,
      shown: (page) => new OrderPage(page).heading().waitFor(),
    },
    {
      name: "trade_merchants",
      path: "/trade-merchants",
      prepare: signedIn,
      shown: (page) => page.getByRole("heading", { level: 1, name: "Trade with Merchants" }).waitFor(),
    },
    { name: "wallet", path: "/wallet", prepare: signedIn, shown: (page) => new WalletPage(page).expectOpen() },
  ];
}

/** A pending buy order of the demo user with the first merchant selling ORDER_COIN. */
async function placeDemoOrder(context: BrowserContext): Promise<string> {
  const offers = await (await context.request.get(`/api/offers?coin=${ORDER_COIN}&side=buy`)).json();
  const offer = offers.offers?.[0];
  if (!offer) throw new Error(`the demo market has no merchant selling ${ORDER_COIN}`);
  const created = await context.request.post("/api/orders", {
    data: { merchant_id: offer.merchant_id, coin: ORDER_COIN, side: "buy", naira_amount: offer.min_order },
  });
  if (created.status() !== 201) throw new Error(`the demo order: ${created.status()} ${await created.text()}`);
  return (await created.json()).order.id;
}

export const baselineRoute: RouteSpec = {
  name: "baseline",
  path: BASELINE_PATH,
  shown: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
};
