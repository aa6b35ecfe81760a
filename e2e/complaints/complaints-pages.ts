import type { Locator, Page } from "playwright-core";
import { expectToast } from "../pages/toasts.js";

export type NewComplaint = { category: string; priority: string; subject: string; message: string };

/** Files a complaint through the dashboard's Submit Complaint card and its dialog. */
export async function submitComplaintFromDashboard(page: Page, complaint: NewComplaint): Promise<void> {
  await page
    .getByRole("button", { name: /Submit Complaint/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Submit Complaint" });
  await dialog.getByLabel("Category").selectOption(complaint.category);
  await dialog.getByLabel("Priority").selectOption(complaint.priority);
  await dialog.getByLabel("Subject").fill(complaint.subject);
  await dialog.getByLabel("Message").fill(complaint.message);
  await dialog.getByRole("button", { name: "Submit Complaint", exact: true }).click();
  await expectToast(page, "Complaint Submitted", "Your complaint has been submitted successfully. Our team will review it and respond soon.");
  await dialog.waitFor({ state: "hidden" });
}

/** /tickets-complaints: the user's complaints, each opening into its conversation. */
export class MyComplaintsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/tickets-complaints");
    await this.page.getByRole("heading", { level: 1, name: "My Complaints" }).waitFor();
  }

  card(subject: string): Locator {
    return this.page.getByRole("list", { name: "Your complaints" }).getByRole("listitem").filter({ hasText: subject }).first();
  }

  async expand(subject: string): Promise<Locator> {
    const card = this.card(subject);
    const toggle = card.getByRole("button", { name: new RegExp(subject) });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    const conversation = card.getByRole("list", { name: "Conversation" });
    await conversation.waitFor();
    return card;
  }
}

/** The admin panel's Complaints section. */
export class ComplaintsQueue {
  constructor(readonly section: Locator) {}

  async openComplaint(subject: string): Promise<Locator> {
    await this.section
      .getByRole("list", { name: "Complaints" })
      .getByRole("button", { name: new RegExp(subject) })
      .click();
    const panel = this.section.getByLabel(`Complaint: ${subject}`);
    await panel.getByRole("list", { name: "Conversation" }).waitFor();
    return panel;
  }

  async reply(panel: Locator, message: string): Promise<void> {
    await panel.getByLabel("Reply to the user").fill(message);
    await panel.getByRole("button", { name: "Send reply" }).click();
    await panel.getByRole("list", { name: "Conversation" }).getByText(message, { exact: true }).waitFor();
  }

  async startReview(panel: Locator): Promise<void> {
    await panel.getByRole("button", { name: "Start review" }).click();
    const page = panel.page();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Start review" }).click();
    await expectToast(page, "Complaint in review", "The user has been notified.");
    await panel.getByText(/Status changed to\s*In review/).waitFor();
  }
}
