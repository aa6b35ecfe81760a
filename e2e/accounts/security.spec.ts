import { describe, expect, test } from "../support/fixtures.js";
import { totpCode } from "../support/totp.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";
import { SettingsPage } from "../pages/settings-page.js";
import { expectToast } from "../pages/toasts.js";
import { signInThroughApi } from "../support/accounts.js";

/** A well-formed code no step around now gives. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, step)));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
}

describe("account security in /settings", () => {
  test("after a password change the old password fails at sign-in and the new one works", async ({ page, signedInUser, openContext }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    const next = "Mango-Umbrella-Harbour-72";
    await settings.changePassword(signedInUser.password, next);

    const other = await (await openContext()).newPage();
    const auth = new AuthPage(other);
    await auth.open();
    await auth.signIn(signedInUser.email, signedInUser.password);
    await auth.expectToast("Sign In Error", "Invalid login credentials");
    expect(new URL(other.url()).pathname).toBe("/auth");

    await auth.signInAndLand(signedInUser.email, next);
    await new AppShell(other).expectDashboardOf(signedInUser.username);
    // This device stayed signed in.
    await settings.open();
    await settings.section("sessions").getByText("This device").waitFor();
  });

  test("signing out one other device asks for the current password: a wrong one is refused on the field, the right one signs it out", async ({
    page,
    signedInUser,
    openContext,
  }) => {
    const other = await openContext();
    await signInThroughApi(other, signedInUser);
    const settings = new SettingsPage(page);
    await settings.open();
    const rows = settings.section("sessions").getByTestId("session-row");
    await expect.poll(() => rows.count()).toBe(2);
    await rows
      .filter({ hasNot: page.getByText("This device") })
      .getByRole("button", { name: "Sign out" })
      .click();

    const dialog = page.getByRole("dialog", { name: /^Sign out .+\?$/ });
    const password = dialog.getByLabel("Current password", { exact: true });
    await password.fill("Wrong-Passphrase-404");
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await dialog.getByText("Your current password is incorrect").waitFor();
    expect(((await (await other.request.get("/api/auth/session")).json()) as { user: unknown }).user).not.toBeNull();

    await password.fill(signedInUser.password);
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(page, "Device signed out");
    await expect.poll(() => rows.count()).toBe(1);
    expect(((await (await other.request.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();

    // 'Sign out all other devices' asks in the same dialog.
    const third = await openContext();
    await signInThroughApi(third, signedInUser);
    await settings.open();
    await expect.poll(() => rows.count()).toBe(2);
    await settings.section("sessions").getByRole("button", { name: "Sign out all other devices" }).click();
    const othersDialog = page.getByRole("dialog", { name: "Sign out all other devices?" });
    await othersDialog.getByLabel("Current password", { exact: true }).fill(signedInUser.password);
    await othersDialog.getByRole("button", { name: "Sign out others" }).click();
    await othersDialog.waitFor({ state: "detached" });
    await expectToast(page, "Other devices signed out");
    expect(((await (await third.request.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
  });

  test("with two-factor on, sign-in asks for the code after the password and a computed code signs in", async ({
    page,
    signedInUser,
    openContext,
  }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    const { secret, recoveryCodes } = await settings.enableTwoFactor((s) => totpCode(s));
    expect(recoveryCodes).toHaveLength(10);

    const other = await (await openContext()).newPage();
    const auth = new AuthPage(other);
    await auth.open();
    await auth.signIn(signedInUser.email, signedInUser.password);
    await other.getByRole("heading", { level: 1, name: "Two-factor authentication" }).waitFor();
    expect(new URL(other.url()).pathname).toBe("/auth");

    await other.getByLabel("Authentication code", { exact: true }).fill(wrongCode(secret));
    await other.getByRole("button", { name: "Verify" }).click();
    await other.getByText("That code is not valid. Check your authenticator app and try again.").waitFor();

    // The enrolment used the current step's code; the next step's is accepted and new.
    await other.getByLabel("Authentication code", { exact: true }).fill(totpCode(secret, 1));
    await other.getByRole("button", { name: "Verify" }).click();
    await expectPath(other, "/dashboard");
    await new AppShell(other).expectDashboardOf(signedInUser.username);

    // The first device sees the second among its sessions.
    await settings.open();
    await expect.poll(() => settings.section("sessions").getByTestId("session-row").count()).toBe(2);
  });

  test("new recovery codes: a wrong code is refused in the dialog; after the right one the old codes stop working and a new one signs in", async ({
    page,
    signedInUser,
    openContext,
  }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    const { secret, recoveryCodes } = await settings.enableTwoFactor((s) => totpCode(s));

    const section = settings.section("two-factor");
    await section.getByRole("button", { name: "New recovery codes" }).click();
    const dialog = page.getByRole("dialog", { name: "Get new recovery codes?" });
    await dialog.getByLabel("Password", { exact: true }).fill(signedInUser.password);
    await dialog.getByLabel("Code from the app", { exact: true }).fill(wrongCode(secret));
    await dialog.getByRole("button", { name: "Get new codes" }).click();
    await dialog.getByText("That code is not valid. Check your authenticator app and try again.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const renewed = await settings.renewRecoveryCodes(signedInUser.password, totpCode(secret, 1));
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => recoveryCodes.includes(code))).toEqual([]);

    const other = await (await openContext()).newPage();
    const auth = new AuthPage(other);
    await auth.open();
    await auth.signIn(signedInUser.email, signedInUser.password);
    const code = other.getByLabel("Authentication code", { exact: true });
    await code.fill(recoveryCodes[0]!);
    await other.getByRole("button", { name: "Verify" }).click();
    await other.getByText("That code is not valid. Check your authenticator app and try again.").waitFor();
    await code.fill(renewed[0]!);
    await other.getByRole("button", { name: "Verify" }).click();
    await expectPath(other, "/dashboard");
    await new AppShell(other).expectDashboardOf(signedInUser.username);
  });
});
