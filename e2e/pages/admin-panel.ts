import type { Locator, Page } from "playwright-core";
import { expectToast } from "./toasts.js";

export type AppealOutcome = "release" | "refund";

const OUTCOME = {
  release: {
    button: "Release to buyer",
    dialog: "Release to the buyer",
    confirm: "Release to buyer",
    done: /^Order #[0-9A-F]{8} completed; the coins went to the buyer\.$/,
  },
  refund: {
    button: "Refund seller",
    dialog: "Refund the seller",
    confirm: "Refund seller",
    done: /^Order #[0-9A-F]{8} cancelled; the coins went back to the seller\.$/,
  },
} as const;

/** The order reference the admin queues show: "#" and the id's first 8 characters, upper case. */
export const orderRef = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;

/** /admin: the section menu and its queues (here: Appeals). */
export class AdminPanel {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/admin");
    await this.page.getByRole("heading", { level: 1, name: "Admin Panel", exact: true }).waitFor();
  }

  /** Picks a section from the menu (its name may carry a "n waiting" count) and waits for it. */
  async openSection(label: string): Promise<Locator> {
    await this.page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: new RegExp(`^${label}\\b`) })
      .click();
    const section = this.page.getByRole("region", { name: label, exact: true });
    await section.getByRole("heading", { name: label, exact: true }).waitFor();
    return section;
  }

  /** The open appeal of one order in the Appeals queue. */
  appeal(orderId: string): Locator {
    return this.page
      .getByRole("list", { name: "Open appeals" })
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("link", { name: `Order ${orderRef(orderId)}`, exact: true }) });
  }

  /** Resolves the appeal with a reason both parties will see, and waits until it leaves the queue. */
  async resolveAppeal(orderId: string, outcome: AppealOutcome, reason: string): Promise<void> {
    const ui = OUTCOME[outcome];
    await this.appeal(orderId).getByRole("button", { name: ui.button, exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: ui.dialog, exact: true });
    await dialog.getByLabel("Reason both parties will see").fill(reason);
    await dialog.getByRole("button", { name: ui.confirm, exact: true }).click();
    await expectToast(this.page, "Appeal resolved", ui.done);
    await dialog.waitFor({ state: "hidden" });
    await this.appeal(orderId).waitFor({ state: "detached" });
  }
}
