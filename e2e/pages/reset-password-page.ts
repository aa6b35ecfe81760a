import type { Page } from "playwright-core";

/** /reset-password?token=…, opened from the reset mail. */
export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async openFromMail(link: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByRole("heading", { level: 1, name: "Set a new password" }).waitFor();
  }

  async setNewPassword(password: string): Promise<void> {
    await this.page.getByLabel("New Password", { exact: true }).fill(password);
    await this.page.getByLabel("Confirm Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Update Password" }).click();
  }
}
