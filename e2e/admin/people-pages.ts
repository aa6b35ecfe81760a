import type { Locator, Page } from "playwright-core";
import { expectToast } from "../pages/toasts.js";

/** A real 1×1 PNG, the smallest ID photo the server accepts by its bytes. */
export const ID_PHOTO = {
  name: "national-id.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
};

export type Application = {
  businessName: string;
  coins: string[];
  bankName: string;
  accountNumber: string;
  accountName: string;
};

/** /merchant-application: the form, its messages and the status after sending. */
export class MerchantApplicationPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/merchant-application");
    await this.page.getByRole("heading", { level: 1, name: "Apply as Merchant", exact: true }).waitFor();
  }

  form(): Locator {
    return this.page.getByRole("form", { name: "Merchant application" });
  }

  async fill(application: Application): Promise<void> {
    const form = this.form();
    await form.getByLabel("Business name").fill(application.businessName);
    for (const coin of application.coins) await form.getByRole("checkbox", { name: new RegExp(`^${coin}\\b`) }).check();
    await form.getByLabel("Bank name").fill(application.bankName);
    await form.getByLabel("Account number").fill(application.accountNumber);
    await form.getByLabel("Account name").fill(application.accountName);
    await form.getByLabel("ID document").setInputFiles(ID_PHOTO);
    await form.getByRole("img", { name: "Your ID document" }).waitFor();
  }

  agreement(): Locator {
    return this.form().getByRole("checkbox", { name: /I have read and accept the Merchant Agreement/ });
  }

  async send(): Promise<void> {
    await this.form().getByRole("button", { name: "Send application", exact: true }).click();
  }

  async expectMessage(text: string): Promise<void> {
    await this.form().getByText(text, { exact: true }).waitFor();
  }

  async expectPending(): Promise<void> {
    await this.page.getByText("Application under review", { exact: false }).first().waitFor();
  }
}

/** The admin panel's people sections: Merchant applications and Users. */
export class PeopleSections {
  constructor(readonly page: Page) {}

  application(businessName: string): Locator {
    return this.page
      .getByRole("list", { name: "Merchant applications" })
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: businessName, exact: true }) });
  }

  async approve(businessName: string): Promise<void> {
    await this.application(businessName).getByRole("button", { name: "Approve", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Approve application", exact: true });
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(this.page, "Application approved");
    await dialog.waitFor({ state: "hidden" });
    await this.application(businessName).waitFor({ state: "detached" });
  }

  /** Searches the Users section and opens the one account found. */
  async openUser(search: string, username: string): Promise<Locator> {
    await this.page.getByLabel("Search", { exact: true }).fill(search);
    const row = this.page.getByRole("list", { name: "Accounts" }).getByRole("button", { name: new RegExp(username) });
    await row.click();
    const panel = this.page.getByRole("dialog", { name: new RegExp(username) });
    await panel.getByRole("heading", { name: "Balances" }).waitFor();
    return panel;
  }

  async suspend(panel: Locator, reason: string): Promise<void> {
    await panel.getByRole("button", { name: "Suspend account", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Suspend account", exact: true });
    await dialog.getByLabel("Reason").fill(reason);
    await dialog.getByRole("button", { name: "Suspend account", exact: true }).click();
    await expectToast(this.page, "Account suspended");
    await dialog.waitFor({ state: "hidden" });
  }
}
