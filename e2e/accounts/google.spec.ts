import { createConfirmedUser, newUser, signUpThroughApi } from "../support/accounts.js";
import { describe, expect, test as base } from "../support/fixtures.js";
import { startGoogleMock } from "../support/google-mock.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";
import { CompleteProfilePage } from "../pages/complete-profile-page.js";

/** This file's product trusts a mock Google (an OpenID Connect provider on a free port). */
const test = base
  .extend("google", { scope: "file" }, async ({}, { onCleanup }) => {
    const google = await startGoogleMock();
    onCleanup(() => google.stop());
    return google;
  })
  .override("productEnv", { scope: "file" }, ({ google }) => google.env);

describe("Continue with Google", () => {
  test("a new Google user comes back signed in and is asked to complete the profile", async ({ google, page }) => {
    const identity = google.signInAs();
    const auth = new AuthPage(page);
    await auth.open();

    await auth.continueWithGoogle();
    await expectPath(page, "/complete-profile");
    const profile = new CompleteProfilePage(page);
    await profile.expectOpen();
    await page.getByText(identity.email, { exact: true }).waitFor();

    // Signed in: the session survives a reload and still asks for the profile.
    await page.reload();
    await profile.expectOpen();
  });

  test("/complete-profile refuses a taken username and phone number, then saves free ones", async ({ app, google, page }) => {
    const existing = await createConfirmedUser(app.url);
    google.signInAs();
    const auth = new AuthPage(page);
    await auth.open();
    await auth.continueWithGoogle();
    const profile = new CompleteProfilePage(page);
    await profile.expectOpen();

    await profile.fill({ username: existing.username, phone_number: existing.phone_number });
    await profile.expectFieldMessage("Username is already taken");
    await profile.expectFieldMessage("Phone number is already registered");
    expect(await profile.saveButton().isDisabled()).toBe(true);

    const chosen = newUser();
    await profile.complete({ username: chosen.username, phone_number: chosen.phone_number });
    await auth.expectToast("Profile Updated", "Your profile has been completed successfully!");
    await expectPath(page, "/dashboard");
    await new AppShell(page).expectDashboardOf(chosen.username);

    // Done once: the profile page is skipped from now on.
    await page.goto("/complete-profile");
    await expectPath(page, "/dashboard");
  });

  test("a returning Google user with a complete profile goes to the dashboard", async ({ google, page, context }) => {
    google.signInAs({ sub: "google-returning", email: "returning.trader@gmail.com" });
    const auth = new AuthPage(page);
    await auth.open();
    await auth.continueWithGoogle();
    const profile = new CompleteProfilePage(page);
    const chosen = newUser();
    await profile.complete({ username: chosen.username, phone_number: chosen.phone_number });
    await expectPath(page, "/dashboard");

    await context.clearCookies();
    google.signInAs({ sub: "google-returning", email: "returning.trader@gmail.com" });
    await auth.open();
    await auth.continueWithGoogle();
    // The callback always returns to /complete-profile (spec §7), which forwards a finished profile on.
    await expectPath(page, "/dashboard");
    await new AppShell(page).expectDashboardOf(chosen.username);
  });

  test("a Google account without a verified email comes back with 'Sign In Error' and the reason", async ({ google, page }) => {
    google.signInAs({ email_verified: false });
    const auth = new AuthPage(page);
    await auth.open();

    await auth.continueWithGoogle();
    await auth.expectToast("Sign In Error", "Your Google account has no verified email address.");
    await expectPath(page, "/auth");
    await auth.expectMode("sign-in");
  });

  test("a username taken by someone else just before saving shows 'Error' with the server's message", async ({ app, google, page }) => {
    google.signInAs();
    const auth = new AuthPage(page);
    await auth.open();
    await auth.continueWithGoogle();
    const profile = new CompleteProfilePage(page);
    await profile.expectOpen();

    const chosen = newUser();
    await profile.fill({ username: chosen.username, phone_number: chosen.phone_number });
    await profile.expectFieldMessage("Username is available");
    await profile.expectFieldMessage("Phone number is available");
    // Someone else signs up with that username between the check and the click.
    await signUpThroughApi(app.url, newUser({ username: chosen.username }));

    await profile.saveButton().click();
    await auth.expectToast("Error", "Username is already taken");
    await expectPath(page, "/complete-profile");
  });
});
