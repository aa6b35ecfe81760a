import { describe, test } from "../support/fixtures.js";
import { expectPath } from "../pages/app.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";
import { DEMO, joinAs } from "../trading/parties.js";
import { PeopleSections } from "./people-pages.js";

describe("suspending an account", () => {
  test("the admin suspends a signed-in user: their session ends at once and signing in is refused with a clear message", async ({
    app,
    page,
    signedInUser,
    openContext,
  }) => {
    await page.goto("/dashboard");
    await new AppShell(page).expectDashboardOf(signedInUser.username);

    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    await panel.openSection("Users");
    const people = new PeopleSections(admin.page);
    const account = await people.openUser(signedInUser.email, signedInUser.username);
    await people.suspend(account, "Several reports of fake payment proofs.");
    await account.getByText("Reason: Several reports of fake payment proofs.", { exact: true }).waitFor();

    // The user's open tab is signed out on the next load: the dashboard is no longer theirs.
    await page.reload();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth", { waitUntil: "commit" });

    const auth = new AuthPage(page);
    await auth.open();
    await auth.signIn(signedInUser.email, signedInUser.password);
    await auth.expectToast("Sign In Error", "Your account has been suspended. Contact support.");
    await expectPath(page, "/auth");
  });
});
