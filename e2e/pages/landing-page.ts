import type { Locator, Page } from "playwright-core";

/** The public landing page at /. */
export class LandingPage {
  constructor(readonly page: Page) {}

  hero(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Trade Crypto Safely Instantly", exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto("/");
    await this.hero().waitFor();
  }

  header(): Locator {
    return this.page.getByRole("banner");
  }
}
