import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";
import { expectToast } from "./toasts.js";

/** /marketplace as a merchant sees it: open requests from traders, first acceptance wins. */
export class MarketplacePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/marketplace");
    await this.page.getByRole("heading", { level: 1, name: "Marketplace" }).waitFor();
  }

  /** One trader's request card, found by who posted it and the naira amount it shows. */
  request(username: string, naira: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `${username} wants to` })
      .filter({ hasText: naira });
  }

  /** Opens the accept dialog of a request and returns it, not yet confirmed. */
  async startAccepting(username: string, naira: string): Promise<Locator> {
    const card = this.request(username, naira);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Accept this request?" });
    await dialog.waitFor();
    return dialog;
  }

  /** Accepts a request and waits for the order page it leads to; returns the order id. */
  async accept(username: string, naira: string): Promise<string> {
    const dialog = await this.startAccepting(username, naira);
    await dialog.getByRole("button", { name: "Accept order", exact: true }).click();
    await expectToast(this.page, "Order accepted", "It's yours. Follow the steps on the order page.");
    await this.page.waitForURL(/\/order\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const id = new URL(this.page.url()).pathname.split("/").pop()!;
    await expectPath(this.page, `/order/${id}`);
    return id;
  }
}
