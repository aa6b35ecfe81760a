import type { Locator, Page } from "playwright-core";
import { createConfirmedUser, fetchMe } from "../support/accounts.js";
import { usdtDeposit } from "../support/deposits.js";
import { describe, expect, test as base } from "../support/fixtures.js";
import type { Product } from "../support/product.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { expectToast } from "../pages/toasts.js";
import { DEMO, joinAs, type Party } from "../trading/parties.js";
import { PeopleSections } from "./people-pages.js";

/** Withdrawals above 10,000 USDT need two admins' approvals in this file's product. */
const test = base.override("productEnv", { scope: "file" }, () => ({ WITHDRAWAL_TWO_ADMINS_ABOVE: "USDT=10000" }));

async function apiPost(party: Party, path: string, data: object): Promise<{ id: string }> {
  const response = await party.context.request.post(path, { data });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${JSON.stringify(body)}`);
  return body.deposit ?? body.withdrawal ?? body;
}

/** The second demo admin, signed in in its own browser profile. */
const secondAdmin = (app: Product, openContext: Parameters<typeof joinAs>[1]): Promise<Party> => joinAs(app, openContext, DEMO.bola);

/** The queue row of the one request of this amount ("250,000"). */
async function queueRow(page: Page, section: "Deposits" | "Withdrawals", amount: string): Promise<Locator> {
  const panel = new AdminPanel(page);
  await panel.open();
  const region = await panel.openSection(section);
  const row = region.getByRole("list", { name: section }).getByRole("listitem").filter({ hasText: amount });
  await row.waitFor();
  return row;
}

describe("four eyes on the admin's money actions", () => {
  test(
    "an admin's own 250,000 USDT deposit offers no Confirm or Reject, says why, and another admin confirms it",
    { timeout: 180_000 },
    async ({ app, openContext }) => {
      const admin = await joinAs(app, openContext, DEMO.admin);
      await apiPost(admin, "/api/wallet/deposits", usdtDeposit("250000"));

      const own = await queueRow(admin.page, "Deposits", "250,000");
      await own.getByText("Another admin must review your own request.", { exact: true }).waitFor();
      expect(
        await own
          .getByRole("button")
          .filter({ hasText: /^(Confirm|Reject)$/ })
          .count(),
      ).toBe(0);

      const other = await secondAdmin(app, openContext);
      const row = await queueRow(other.page, "Deposits", "250,000");
      await row.getByRole("button", { name: "Confirm", exact: true }).click();
      const dialog = other.page.getByRole("dialog", { name: "Confirm deposit", exact: true });
      await dialog.getByRole("button", { name: "Confirm deposit", exact: true }).click();
      await expectToast(other.page, "Deposit confirmed");
    },
  );

  test(
    "a 15,000 USDT withdrawal waits for a second admin's approval before anyone can mark it sent",
    { timeout: 180_000 },
    async ({ app, openContext }) => {
      const admin = await joinAs(app, openContext, DEMO.admin);
      const tunde = await joinAs(app, openContext, DEMO.tunde);
      const deposit = await apiPost(tunde, "/api/wallet/deposits", usdtDeposit("15000"));
      await apiPost(admin, `/api/admin/deposits/${deposit.id}/confirm`, {});
      await apiPost(tunde, "/api/wallet/withdrawals", {
        coin: "USDT",
        network: "BEP20",
        amount: "15000",
        address: "0xabc0000000000000000000000000000000000001",
      });

      let row = await queueRow(admin.page, "Withdrawals", "15,000");
      await row.getByText("Needs two admins' approvals", { exact: true }).waitFor();
      expect(await row.getByRole("button", { name: "Mark sent", exact: true }).count()).toBe(0);
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      const approveDialog = (page: Page) => page.getByRole("dialog", { name: "Approve withdrawal", exact: true });
      await approveDialog(admin.page).getByRole("button", { name: "Approve withdrawal", exact: true }).click();
      await expectToast(admin.page, "Withdrawal approved");
      await row.getByText("Awaiting second approval", { exact: true }).waitFor();
      expect(
        await row
          .getByRole("button")
          .filter({ hasText: /^(Approve|Mark sent)$/ })
          .count(),
      ).toBe(0);

      const other = await secondAdmin(app, openContext);
      row = await queueRow(other.page, "Withdrawals", "15,000");
      await row.getByText("Awaiting second approval", { exact: true }).waitFor();
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      await approveDialog(other.page).getByRole("button", { name: "Approve withdrawal", exact: true }).click();
      await expectToast(other.page, "Withdrawal approved");
      // Approved by two admins, it leaves the pending queue and waits for a payout batch: still nothing to mark sent.
      await row.waitFor({ state: "detached" });
      const section = other.page.getByRole("region", { name: "Withdrawals", exact: true });
      await section.getByRole("button", { name: "Approved", exact: true }).click();
      row = section.getByRole("list", { name: "Withdrawals" }).getByRole("listitem").filter({ hasText: "15,000" });
      await row.getByText("Approved: waiting for a payout batch", { exact: true }).waitFor();
      expect(await row.getByRole("button", { name: "Mark sent", exact: true }).count()).toBe(0);

      // The batch goes to the external signer; only then is there a hash to file.
      await section.getByLabel("Network", { exact: true }).selectOption({ label: "USDT · BNB Smart Chain (BEP20)" });
      await section.getByRole("button", { name: "Create payout batch", exact: true }).click();
      await expectToast(other.page, "Payout batch created");
      await row.getByRole("button", { name: "Mark sent", exact: true }).waitFor();
    },
  );

  test(
    "an admin's choice of Admin for an account only proposes it; the second admin sees the proposal live and approves it",
    { timeout: 180_000 },
    async ({ app, openContext }) => {
      const admin = await joinAs(app, openContext, DEMO.admin);
      const other = await secondAdmin(app, openContext);
      const person = await createConfirmedUser(app.url);

      const openAccount = async (party: Party) => {
        const panel = new AdminPanel(party.page);
        await panel.open();
        await panel.openSection("Users");
        return new PeopleSections(party.page).openUser(person.email, person.username);
      };
      const proposer = await openAccount(admin);
      const reviewer = await openAccount(other);

      await proposer.getByLabel("New role").selectOption({ label: "Admin" });
      await proposer.getByRole("button", { name: "Change role", exact: true }).click();
      const dialog = admin.page.getByRole("dialog", { name: "Change role", exact: true });
      await dialog.getByText(`${person.username} becomes admin once another admin approves it.`, { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Change role", exact: true }).click();
      await expectToast(admin.page, "Admin role proposed");
      const waiting = proposer.getByText(/^Proposed as admin by ifeoma_admin on .+\. Another admin has to approve it\.$/);
      await waiting.waitFor();
      expect(await proposer.getByRole("button", { name: "Approve admin role", exact: true }).count()).toBe(0);
      expect((await fetchMe(app.url, person)).role).toBe("user");

      // The second admin's open panel follows without a reload.
      await reviewer.getByRole("button", { name: "Approve admin role", exact: true }).click();
      const approve = other.page.getByRole("dialog", { name: "Change role", exact: true });
      await approve.getByText(`${person.username} becomes admin at once and is notified.`, { exact: true }).waitFor();
      await approve.getByRole("button", { name: "Change role", exact: true }).click();
      await expectToast(other.page, "Role changed");
      await waiting.waitFor({ state: "detached" });
      expect((await fetchMe(app.url, person)).role).toBe("admin");
    },
  );
});
