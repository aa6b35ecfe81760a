import type { BrowserContext } from "playwright-core";
import { AppShell } from "../../../e2e/pages/app-shell.js";
import { AuthPage } from "../../../e2e/pages/auth-page.js";
import { LandingPage } from "../../../e2e/pages/landing-page.js";
import { signInThroughApi } from "../../../e2e/support/accounts.js";
import { BASELINE_PATH } from "./config.js";
import type { RouteSpec } from "./page-load.js";

/** The measured routes: the landing page, /auth, and a signed-in demo user's dashboard. */
export function appRoutes(demo: { email: string; password: string }): RouteSpec[] {
  let username = "";
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
      prepare: async (context: BrowserContext) => {
        await signInThroughApi(context, demo);
        if (!username) username = (await (await context.request.get("/api/auth/session")).json()).user.username;
      },
      // The Follow dialog opens over the dashboard on a session's first load; it is left open, as
      // closing it would be input, which ends LCP.
      shown: (page) => page.getByRole("dialog", { name: "Follow NaijaP2P" }).or(new AppShell(page).dashboardGreeting(username)).first().waitFor(),
    },
  ];
}

export const baselineRoute: RouteSpec = {
  name: "baseline",
  path: BASELINE_PATH,
  shown: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
};
