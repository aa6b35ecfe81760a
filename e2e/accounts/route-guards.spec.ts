import { describe, test } from "../support/fixtures.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";

describe("who may open which page", () => {
  test("a signed-out visitor opening /dashboard is sent to /auth", async ({ page }) => {
    await page.goto("/dashboard");
    await expectPath(page, "/auth");
    await new AuthPage(page).expectMode("sign-in");
  });

  test("a signed-out visitor opening /complete-profile is sent to /auth", async ({ page }) => {
    await page.goto("/complete-profile");
    await expectPath(page, "/auth");
  });

  test("a signed-in user opening /auth is sent to the dashboard", async ({ page, signedInUser }) => {
    await page.goto("/auth");
    await expectPath(page, "/dashboard");
    await new AppShell(page).expectDashboardOf(signedInUser.username);
  });

  test("a signed-in user opening / is sent to the dashboard", async ({ page, signedInUser }) => {
    await page.goto("/");
    await expectPath(page, "/dashboard");
    await new AppShell(page).expectDashboardOf(signedInUser.username);
  });

  test("a signed-in user whose profile is complete skips /complete-profile", async ({ page, signedInUser }) => {
    await page.goto("/complete-profile");
    await expectPath(page, "/dashboard");
    await new AppShell(page).expectDashboardOf(signedInUser.username);
  });
});
