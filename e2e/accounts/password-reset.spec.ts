import { createConfirmedUser, signInThroughApi } from "../support/accounts.js";
import { describe, test } from "../support/fixtures.js";
import { latestMailId, waitForMail } from "../support/mailbox.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";
import { ResetPasswordPage } from "../pages/reset-password-page.js";

describe("forgot password", () => {
  test("with no email typed it asks for one", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();

    await auth.forgotPassword();
    await auth.expectToast("Enter your email", "Please enter your email to reset password");
  });

  test("the reset link sets a new password and ends the sessions signed in elsewhere", async ({ app, page, openContext }) => {
    const user = await createConfirmedUser(app.url);
    const newPassword = `${user.password}-renewed`;

    // The same person, already signed in on another device.
    const otherDevice = await openContext();
    await signInThroughApi(otherDevice, user);
    const otherPage = await otherDevice.newPage();
    await otherPage.goto("/dashboard");
    await new AppShell(otherPage).expectDashboardOf(user.username);

    const auth = new AuthPage(page);
    await auth.open();
    const before = await latestMailId(app.url);
    await auth.field("Email").fill(user.email);
    await auth.forgotPassword();
    await auth.expectToast("Check your email", "We sent you a password reset link.");

    const mail = await waitForMail(app.url, user.email, { after: before, linkPath: "/reset-password" });
    const reset = new ResetPasswordPage(page);
    await reset.openFromMail(mail.link);
    await reset.setNewPassword(newPassword);
    await auth.expectToast("Password updated");
    await expectPath(page, "/auth");

    await auth.signIn(user.email, user.password);
    await auth.expectToast("Sign In Error", "Invalid login credentials");
    await auth.signInAndLand(user.email, newPassword);
    await new AppShell(page).expectDashboardOf(user.username);

    await otherPage.reload();
    await expectPath(otherPage, "/auth");
  });
});
