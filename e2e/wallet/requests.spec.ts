import type { Page } from "playwright-core";
import { describe, test } from "../support/fixtures.js";
import { expectToast } from "../pages/toasts.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs } from "../trading/parties.js";

async function openDialog(page: Page, action: "Deposit" | "Withdraw", coin: string) {
  const wallet = new WalletPage(page);
  await wallet.open();
  await wallet
    .balances()
    .getByRole("button", { name: `${action} ${coin}`, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: `${action} ${coin}` });
  await dialog.waitFor();
  return dialog;
}

describe("deposit and withdrawal requests from the wallet", () => {
  test("the deposit form says what is missing under each field, then the deposit waits for an admin", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const dialog = await openDialog(user.page, "Deposit", "PI");

    await dialog.getByRole("button", { name: "Submit deposit" }).click();
    await dialog.getByText("Enter the amount you sent", { exact: true }).waitFor();
    await dialog.getByText("Enter the address you sent from", { exact: true }).waitFor();
    await dialog.getByText("Enter the transaction hash", { exact: true }).waitFor();

    await dialog.getByLabel("Amount sent").fill("5");
    await dialog.getByLabel("Sent from (your address)").fill("DEMOSENDERNAIJAP2P0001");
    await dialog.getByLabel("Transaction hash").fill(`0x${"ab12".repeat(16)}`);
    await dialog.getByRole("button", { name: "Submit deposit" }).click();
    await expectToast(user.page, "Deposit submitted");
  });

  test("the withdrawal form refuses more than is available, then the withdrawal is requested", async ({ app, openContext }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const dialog = await openDialog(user.page, "Withdraw", "PI");

    await dialog.getByRole("button", { name: "Request withdrawal" }).click();
    await dialog.getByText("Enter the amount to withdraw", { exact: true }).waitFor();

    await dialog.getByLabel("Amount").fill("99999999");
    await dialog.getByLabel("Destination PI address").fill("GBPIDEMOADDRESS1234567890");
    await dialog.getByRole("button", { name: "Request withdrawal" }).click();
    await dialog.getByText(/^You have .* PI available to withdraw\.$/).waitFor();

    await dialog.getByLabel("Amount").fill("1");
    await dialog.getByRole("button", { name: "Request withdrawal" }).click();
    await expectToast(user.page, "Withdrawal requested");
  });
});
