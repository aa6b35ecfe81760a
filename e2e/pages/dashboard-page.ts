import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";
import { AppShell } from "./app-shell.js";

/** /dashboard: the stat tiles and the quick-action cards. */
export class DashboardPage {
  readonly shell: AppShell;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** Opens the dashboard of `username`, past the splash and the Follow dialog. */
  async open(username: string): Promise<void> {
    await this.page.goto("/dashboard");
    await this.shell.expectDashboardOf(username);
  }

  quickActions(): Locator {
    return this.page.getByRole("region", { name: "Quick actions" });
  }

  /** The Wallet card under the quick actions: balances, escrow, deposits and withdrawals. */
  walletLink(): Locator {
    return this.quickActions().getByRole("link", { name: /^Wallet\b/ });
  }

  async openWallet(): Promise<void> {
    await this.walletLink().click();
    await expectPath(this.page, "/wallet");
  }
}
