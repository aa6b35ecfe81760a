import type { Locator, Page } from "playwright-core";
import { expectToast } from "./toasts.js";

export type ThemeChoice = "System" | "Light" | "Dark";

/** Set in the browser session's storage once the Follow dialog is closed (follow-dialog.tsx). */
const FOLLOW_DIALOG_DISMISSED_KEY = "naijap2p:follow-dialog-dismissed";

/** The signed-in frame: top nav (theme, menu), the mobile menu sheet, and the dashboard's Follow dialog. */
export class AppShell {
  constructor(readonly page: Page) {}

  /** The greeting heading of the dashboard, which names the signed-in user. */
  dashboardGreeting(username: string): Locator {
    return this.page.getByRole("heading", { level: 1, name: new RegExp(`, ${username}$`) });
  }

  /**
   * Waits for the dashboard of `username`. Its 'Follow NaijaP2P' dialog opens just after the
   * dashboard's first paint, once per browser session (spec §2), and hides the page from assistive
   * tech: close it with 'Maybe Later'. Whether it is still to come, the session's storage tells.
   */
  async expectDashboardOf(username: string): Promise<void> {
    const followDialog = this.page.getByRole("dialog", { name: "Follow NaijaP2P" });
    const greeting = this.dashboardGreeting(username);
    await followDialog.or(greeting).first().waitFor();
    const dismissed = await this.page.evaluate((key) => sessionStorage.getItem(key) === "1", FOLLOW_DIALOG_DISMISSED_KEY);
    if (!dismissed) {
      await followDialog.waitFor();
      await followDialog.getByRole("button", { name: "Maybe Later" }).click();
      await followDialog.waitFor({ state: "hidden" });
    }
    await greeting.waitFor();
  }

  async openMenu(): Promise<Locator> {
    await this.page.getByRole("button", { name: "Open menu" }).click();
    const menu = this.page.getByRole("dialog").filter({ has: this.page.getByRole("navigation", { name: "Main" }) });
    await menu.waitFor();
    return menu;
  }

  /** Sign Out from the phone menu. */
  async signOut(): Promise<void> {
    const menu = await this.openMenu();
    await menu.getByRole("button", { name: "Sign Out" }).click();
  }

  /** Picks a theme from the header's 'Change theme' menu. */
  async chooseTheme(choice: ThemeChoice): Promise<void> {
    await this.page.getByRole("button", { name: "Change theme" }).click();
    await this.page.getByRole("menuitemradio", { name: choice }).click();
  }

  /** The theme the page shows now: the `dark` class on <html>. */
  async isDark(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.classList.contains("dark"));
  }

  expectToast(title: string, description?: string): Promise<Locator> {
    return expectToast(this.page, title, description);
  }
}
