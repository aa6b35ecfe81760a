import { createConfirmedUser, fetchMe, newUser, signUpThroughApi } from "../support/accounts.js";
import { describe, expect, test } from "../support/fixtures.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";

describe("signing in with email and password", () => {
  test("a confirmed account lands on the dashboard, and the session survives a reload", async ({ app, page }) => {
    const user = await createConfirmedUser(app.url);
    const auth = new AuthPage(page);
    await auth.open();
    await auth.expectMode("sign-in");

    await auth.signInAndLand(user.email, user.password);
    const shell = new AppShell(page);
    await shell.expectDashboardOf(user.username);

    await page.reload();
    await expectPath(page, "/dashboard");
    await shell.expectDashboardOf(user.username);
  });

  test("a demo account printed at start signs in", async ({ app, page }) => {
    const demo = app.demoAccounts().find((account) => account.role === "user");
    if (!demo) throw new Error(`The server printed no demo user at start:\n${app.output()}`);
    const { username } = await fetchMe(app.url, demo);
    const auth = new AuthPage(page);
    await auth.open();

    await auth.signInAndLand(demo.email, demo.password);
    await new AppShell(page).expectDashboardOf(username);
  });

  test("a wrong password shows 'Sign In Error' with 'Invalid login credentials'", async ({ app, page }) => {
    const user = await createConfirmedUser(app.url);
    const auth = new AuthPage(page);
    await auth.open();

    await auth.signIn(user.email, `${user.password}-wrong`);
    await auth.expectToast("Sign In Error", "Invalid login credentials");
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  test("an unconfirmed account shows 'Sign In Error' with 'Email not confirmed'", async ({ app, page }) => {
    const user = newUser();
    await signUpThroughApi(app.url, user);
    const auth = new AuthPage(page);
    await auth.open();

    await auth.signIn(user.email, user.password);
    await auth.expectToast("Sign In Error", "Email not confirmed");
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  test("the password can be shown and hidden", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    const password = auth.field("Password");
    await password.fill("a secret phrase");
    expect(await password.getAttribute("type")).toBe("password");

    await auth.passwordToggle().click();
    expect(await password.getAttribute("type")).toBe("text");
    await auth.passwordToggle().click();
    expect(await password.getAttribute("type")).toBe("password");
  });
});

describe("signing out", () => {
  test("Sign Out says 'Signed Out' and returns to /, where the dashboard is closed again", async ({ page, signedInUser }) => {
    await page.goto("/dashboard");
    const shell = new AppShell(page);
    await shell.expectDashboardOf(signedInUser.username);

    await shell.signOut();
    await shell.expectToast("Signed Out", "You have been successfully signed out.");
    await expectPath(page, "/");

    await page.goto("/dashboard");
    await expectPath(page, "/auth");
  });
});
