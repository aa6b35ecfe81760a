import type { Locator, Page } from "playwright-core";

/** /settings: the Notifications grid (type × channel switches) and the Telegram card. */
export class NotificationSettings {
  constructor(readonly page: Page) {}

  /** Opens /settings and waits for the notification switches (past the splash and the loading rows). */
  async open(): Promise<void> {
    await this.page.goto("/settings");
    await this.page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await this.switch("Order updates", "In-app").waitFor();
  }

  section(): Locator {
    return this.page.locator("section#notifications");
  }

  telegram(): Locator {
    return this.page.locator("section#telegram");
  }

  /** The switch of one notification type on one channel, e.g. ("Order updates", "Telegram"). */
  switch(type: string, channel: "In-app" | "Browser" | "Telegram" | "Phone"): Locator {
    return this.section().getByRole("switch", { name: `${type}: ${channel}`, exact: true });
  }

  async isOn(type: string, channel: "In-app" | "Browser" | "Telegram" | "Phone"): Promise<boolean> {
    return (await this.switch(type, channel).getAttribute("aria-checked")) === "true";
  }
}
