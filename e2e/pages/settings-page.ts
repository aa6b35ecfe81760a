import type { Locator, Page } from "playwright-core";
import { dismissToast, expectToast } from "./toasts.js";

/** /settings: the security sections (password, two-factor, active sessions). */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/settings");
    await this.page.getByRole("heading", { level: 1, name: "Settings", exact: true }).waitFor();
  }

  section(id: "password" | "two-factor" | "sessions"): Locator {
    return this.page.locator(`section#${id}`);
  }

  async changePassword(current: string, next: string, confirm = next): Promise<void> {
    const section = this.section("password");
    await section.getByLabel("Current password", { exact: true }).fill(current);
    await section.getByLabel("New password", { exact: true }).fill(next);
    await section.getByLabel("Confirm new password", { exact: true }).fill(confirm);
    await section.getByRole("button", { name: "Change password" }).click();
    await expectToast(this.page, "Password changed", "Your password was changed. Every other device was signed out.");
  }

  /** Turns two-factor on with `codeFor(secret)`; answers the secret and the recovery codes shown. */
  async enableTwoFactor(codeFor: (secret: string) => string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const section = this.section("two-factor");
    await section.getByRole("button", { name: "Turn on two-factor" }).click();
    const secret = (await section.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    await section.getByLabel("Code from the app", { exact: true }).fill(codeFor(secret));
    await section.getByRole("button", { name: "Turn on", exact: true }).click();
    const list = section.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    const recoveryCodes = await list.getByRole("listitem").allInnerTexts();
    await section.getByRole("button", { name: "I've saved them" }).click();
    await section.getByText("Two-factor authentication is on.").waitFor();
    // Its toast covers the section's buttons at phone width: the next click must reach them.
    await dismissToast(this.page, "Two-factor is on");
    return { secret, recoveryCodes };
  }

  /** 'New recovery codes': the password and `code` in its dialog; answers the new codes once shown. */
  async renewRecoveryCodes(password: string, code: string): Promise<string[]> {
    const section = this.section("two-factor");
    await section.getByRole("button", { name: "New recovery codes" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Get new recovery codes?" });
    await dialog.getByLabel("Password", { exact: true }).fill(password);
    await dialog.getByLabel("Code from the app", { exact: true }).fill(code);
    await dialog.getByRole("button", { name: "Get new codes" }).click();
    await dialog.waitFor({ state: "detached" });
    const list = section.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    const codes = await list.getByRole("listitem").allInnerTexts();
    await section.getByRole("button", { name: "I've saved them" }).click();
    await section.getByText("10 recovery codes left.").waitFor();
    return codes;
  }
}
