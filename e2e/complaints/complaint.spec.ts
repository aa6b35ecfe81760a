import { describe, expect, test } from "../support/fixtures.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { AppShell } from "../pages/app-shell.js";
import { expectToast } from "../pages/toasts.js";
import { DEMO, joinAs } from "../trading/parties.js";
import { ComplaintsQueue, MyComplaintsPage, submitComplaintFromDashboard } from "./complaints-pages.js";

describe("complaints", () => {
  test("a complaint filed from the dashboard gets an admin reply the user sees live on /tickets-complaints", async ({
    app,
    page,
    signedInUser,
    openContext,
  }) => {
    const subject = `Coins not released ${Date.now().toString(36)}`;
    await page.goto("/dashboard");
    await new AppShell(page).expectDashboardOf(signedInUser.username);
    await submitComplaintFromDashboard(page, {
      category: "payment",
      priority: "high",
      subject,
      message: "I paid 50,000 naira for order #1234 an hour ago and the merchant has not released my PI.",
    });

    const mine = new MyComplaintsPage(page);
    await mine.open();
    const card = mine.card(subject);
    await card.getByText("No reply yet").waitFor();
    await card.getByText("Open", { exact: true }).waitFor();

    // The admin, on their own device, finds it in the queue, replies and starts the review.
    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    const queue = new ComplaintsQueue(await panel.openSection("Complaints"));
    const complaint = await queue.openComplaint(subject);
    await complaint.getByText("I paid 50,000 naira for order #1234", { exact: false }).waitFor();
    await queue.reply(complaint, "We have contacted the merchant. Please hold on while we check the transfer.");
    // The user's open tab hears it over the socket: a toast (looked for now, while it shows: the
    // review's confirmation below can take longer than a toast lasts on a slow machine)…
    await expectToast(page, "Reply to your complaint");
    await queue.startReview(complaint);

    // …then the list and thread update without a reload.
    await card.getByText("1 reply").waitFor();
    await card.getByText("In review", { exact: true }).waitFor();
    const open = await mine.expand(subject);
    await open.getByText("We have contacted the merchant. Please hold on while we check the transfer.", { exact: true }).waitFor();
    await expect(open.getByText(/Support team ·/).count()).resolves.toBe(1);

    // A follow-up from the user reaches the admin's thread.
    await open.getByLabel("Add a follow-up").fill("Thank you. The transfer reference is FT26113000.");
    await open.getByRole("button", { name: "Send follow-up" }).click();
    await open.getByText("Thank you. The transfer reference is FT26113000.", { exact: true }).waitFor();
    // The admin's open thread hears it over the socket, without a reload.
    await complaint.getByText("Thank you. The transfer reference is FT26113000.", { exact: true }).waitFor();
    // The open complaint stays in the admin's URL: after a reload the panel shows the new message.
    await admin.page.reload();
    const again = admin.page.getByLabel(`Complaint: ${subject}`);
    await again.getByText("Thank you. The transfer reference is FT26113000.", { exact: true }).waitFor();
  });
});
