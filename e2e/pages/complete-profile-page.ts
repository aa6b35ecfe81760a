import type { Locator, Page } from "playwright-core";

/** /complete-profile: username and phone number for an account that has neither (Google sign-in). */
export class CompleteProfilePage {
  constructor(readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Complete your profile" });
  }

  async expectOpen(): Promise<void> {
    await this.heading().waitFor();
  }

  async fill(values: { username?: string; phone_number?: string }): Promise<void> {
    if (values.username !== undefined) await this.page.getByLabel("Username", { exact: true }).fill(values.username);
    if (values.phone_number !== undefined) await this.page.getByLabel("Phone Number", { exact: true }).fill(values.phone_number);
  }

  async expectFieldMessage(text: string): Promise<void> {
    await this.page.getByRole("main").getByText(text, { exact: true }).waitFor();
  }

  saveButton(): Locator {
    return this.page.getByRole("button", { name: "Save and Continue" });
  }

  /** Fills both fields, waits for both live checks to pass, and saves. */
  async complete(values: { username: string; phone_number: string }): Promise<void> {
    await this.fill(values);
    await this.expectFieldMessage("Username is available");
    await this.expectFieldMessage("Phone number is available");
    await this.saveButton().click();
  }
}
