import { describe, expect, test } from "../support/fixtures.js";
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

  test("a user opening a merchants-only screen is told what it is for and offered the merchant application", async ({ page, signedInUser: _ }) => {
    const screens = [
      ["/price-update", "Price Update", "Price Update is for verified merchants only"],
      ["/marketplace", "Marketplace", "The marketplace is for merchants"],
      ["/tickets", "Tickets for Trade", "Tickets for Trade is for merchants"],
      ["/merchant-group-chat", "Merchant Group Chat", "For merchants only"],
    ] as const;
    for (const [path, title, notice] of screens) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      await page.getByText(notice, { exact: true }).waitFor();
      const apply = page.getByRole("main").getByRole("link", { name: "Apply as Merchant", exact: true });
      await expect(apply.getAttribute("href")).resolves.toBe("/merchant-application");
    }
    await page.getByRole("main").getByRole("link", { name: "Apply as Merchant", exact: true }).click();
    await expectPath(page, "/merchant-application");
  });
});
