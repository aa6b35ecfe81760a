import { describe, expect, test } from "../support/fixtures.js";
import { expectPath, localStorageItem, splash } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";
import { LandingPage } from "../pages/landing-page.js";

describe("the app shell", () => {
  test("a page load shows the splash with the tagline for about 2 seconds, then the landing page", async ({ page }) => {
    const landing = new LandingPage(page);
    await page.goto("/");
    await splash(page).getByText("Secure Peer-to-Peer Crypto Trading", { exact: true }).waitFor();
    const shownAt = Date.now();
    expect(await landing.hero().isVisible()).toBe(false);

    await landing.hero().waitFor();
    const splashMs = Date.now() - shownAt;
    expect(await splash(page).isVisible()).toBe(false);
    expect(splashMs).toBeGreaterThan(1_500);
    expect(splashMs).toBeLessThan(5_000);
  });

  test("the landing page's Sign In and Get Started lead to /auth", async ({ page }) => {
    const landing = new LandingPage(page);
    for (const link of ["Sign In", "Get Started"]) {
      await landing.open();
      await landing.header().getByRole("link", { name: link, exact: true }).click();
      await expectPath(page, "/auth");
      await new AuthPage(page).expectMode("sign-in");
    }
  });

  test("the chosen theme is kept under 'vite-ui-theme' and survives a reload", async ({ page }) => {
    const auth = new AuthPage(page);
    const shell = new AppShell(page);
    await auth.open();

    await shell.chooseTheme("Dark");
    await expect.poll(() => shell.isDark()).toBe(true);
    expect(await localStorageItem(page, "vite-ui-theme")).toBe("dark");

    await page.reload();
    await auth.expectMode("sign-in");
    expect(await shell.isDark()).toBe(true);

    await shell.chooseTheme("Light");
    await expect.poll(() => shell.isDark()).toBe(false);
    expect(await localStorageItem(page, "vite-ui-theme")).toBe("light");
  });

  test("an unknown address shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await page.getByRole("heading", { level: 1, name: "This page doesn't exist" }).waitFor();
    await page.getByText("/no-such-page", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/no-such-page");
  });
});
